package budget

import (
	"testing"
	"testing/synctest"
	"time"
)

func TestCoarseClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := newCoarseClock()
		if got := c.second(); got != 0 {
			t.Fatalf("second() = %d at start, want 0", got)
		}
		time.Sleep(1500 * time.Millisecond)
		if got := c.second(); got != 1 {
			t.Errorf("second() = %d at 1.5s, want 1", got)
		}
		time.Sleep(time.Second)
		if got := c.second(); got != 2 {
			t.Errorf("second() = %d at 2.5s, want 2", got)
		}
		// Idle: the timer stops after a tick with no reader.
		time.Sleep(5 * time.Second)
		if c.fresh.Load() {
			t.Error("clock still ticking after 5 idle seconds")
		}
		if got := c.second(); got != 7 {
			t.Errorf("second() = %d at 7.5s, want 7", got)
		}
		time.Sleep(600 * time.Millisecond)
		if got := c.second(); got != 8 {
			t.Errorf("second() = %d at 8.1s, want 8", got)
		}
		time.Sleep(3 * time.Second) // let the timer stop before the bubble ends
	})
}
