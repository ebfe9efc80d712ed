package helper // want package:"hassleepers"

import (
	"context"
	"os"
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

// Die ends the program: a loop's exit through it is an exit. Only its graph
// says so: os.Exit is its last call, on every path.
func Die(err error) { // want Die:"noreturn"
	if err == nil {
		os.Exit(0)
	}
	flush()
	println(err.Error())
	os.Exit(1)
}

// Complain logs and returns: a call of it is not an exit.
func Complain(err error) {
	println(err.Error())
}

// Must panics when err is not nil: it may return.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}

func flush() {}
