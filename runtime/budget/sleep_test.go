package budget_test

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/budget"
)

func TestSleep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		if err := budget.Sleep(t.Context(), 3*time.Second); err != nil {
			t.Fatalf("Sleep = %v, want nil", err)
		}
		if got := time.Since(start); got != 3*time.Second {
			t.Errorf("slept %v, want 3s", got)
		}
	})
}

func TestSleepReturnsEarlyAtDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		start := time.Now()
		err := budget.Sleep(ctx, time.Hour)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Sleep = %v, want DeadlineExceeded", err)
		}
		if got := time.Since(start); got != time.Second {
			t.Errorf("slept %v, want 1s (the deadline)", got)
		}
	})
}

func TestSleepReturnsEarlyOnCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(200*time.Millisecond, cancel)
		start := time.Now()
		if err := budget.Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
			t.Fatalf("Sleep = %v, want Canceled", err)
		}
		if got := time.Since(start); got != 200*time.Millisecond {
			t.Errorf("slept %v, want 200ms", got)
		}
	})
}

func TestSleepNonPositive(t *testing.T) {
	if err := budget.Sleep(context.Background(), 0); err != nil {
		t.Errorf("Sleep(0) = %v", err)
	}
	if err := budget.Sleep(context.Background(), -time.Second); err != nil {
		t.Errorf("Sleep(-1s) = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := budget.Sleep(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep(done ctx, 0) = %v, want Canceled", err)
	}
}
