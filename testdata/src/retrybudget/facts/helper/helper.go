package helper // want package:"hassleepers"

import (
	"context"
	"time"
)

// Pause sleeps for d, whatever the caller's deadline.
func Pause(d time.Duration) { // want Pause:"sleeps\\(param 0\\)"
	time.Sleep(d)
}

// Backoff sleeps through another helper.
func Backoff(attempt int) { // want Backoff:"sleeps"
	Pause(time.Duration(1<<attempt) * time.Millisecond)
}

// Jitter sleeps a constant.
func Jitter() { // want Jitter:"sleeps\\(50ms\\)"
	time.Sleep(50 * time.Millisecond)
}

// Wait waits for d or until ctx is done.
func Wait(ctx context.Context, d time.Duration) error { // want Wait:"waitsctx"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// WaitThrough waits through another helper.
func WaitThrough(ctx context.Context) error { // want WaitThrough:"waitsctx"
	return Wait(ctx, time.Second)
}

// SleepThenCheck takes a context but sleeps without watching it.
func SleepThenCheck(ctx context.Context, d time.Duration) error { // want SleepThenCheck:"sleeps\\(param 1\\)"
	time.Sleep(d)
	return ctx.Err()
}
