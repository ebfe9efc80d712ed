package budget

import (
	"sync"
	"sync/atomic"
	"time"
)

// coarseClock tells the current second since its creation without reading
// the system clock on every call: a timer refreshes the cached second at
// each second boundary while the clock is in use, and stops itself after a
// second with no reader; the next reader restarts it. Reading the monotonic
// clock costs 15–40 ns, most of a retry budget check's allowance.
//
// Near a boundary a reader may see the previous second for as long as the
// timer fires late (usually well under a millisecond).
//
// A coarseClock is safe for concurrent use.
type coarseClock struct {
	epoch time.Time
	sec   atomic.Int64 // the cached second, valid while fresh is true
	fresh atomic.Bool  // the timer is keeping sec current
	used  atomic.Bool  // read since the last tick

	mu      sync.Mutex
	running bool
}

func newCoarseClock() *coarseClock { return &coarseClock{epoch: time.Now()} }

// second returns the whole seconds elapsed since the clock was made.
func (c *coarseClock) second() int64 {
	if c.fresh.Load() {
		if !c.used.Load() {
			c.used.Store(true)
		}
		return c.sec.Load()
	}
	return c.refresh(true)
}

// refresh reads the system clock, stores the second and keeps the timer
// running while the clock is used. fromReader is false for timer ticks.
func (c *coarseClock) refresh(fromReader bool) int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Since(c.epoch)
	sec := int64(now / time.Second)
	c.sec.Store(sec)
	if !fromReader {
		c.running = false
		if !c.used.Swap(false) {
			c.fresh.Store(false) // idle: stop ticking until the next reader
			return sec
		}
	}
	if !c.running {
		c.running = true
		next := time.Duration(sec+1)*time.Second - now
		time.AfterFunc(next, c.tick)
	}
	c.fresh.Store(true)
	return sec
}

func (c *coarseClock) tick() { c.refresh(false) }
