package user // want package:"hassleepers"

import (
	"context"
	"errors"
	"os"
	"time"

	die "retrybudget/facts/fatal"
	"retrybudget/facts/helper"
)

func op(ctx context.Context) error { return nil }

func usesPause(ctx context.Context) error {
	for op(ctx) != nil {
		helper.Pause(time.Second) // want `helper.Pause, which sleeps, in a loop cannot be interrupted by ctx`
	}
	return nil
}

func usesBackoff(ctx context.Context) {
	for i := 0; op(ctx) != nil; i++ {
		helper.Backoff(i) // want `helper.Backoff, which sleeps, in a loop cannot be interrupted by ctx`
	}
}

func usesSleepThenCheck(ctx context.Context) error {
	for op(ctx) != nil {
		if err := helper.SleepThenCheck(ctx, time.Second); err != nil { // want `helper.SleepThenCheck, which sleeps, in a loop`
			return err
		}
	}
	return nil
}

func usesWait(ctx context.Context) error { // want usesWait:"waitsctx"
	for op(ctx) != nil {
		if err := helper.Wait(ctx, time.Second); err != nil {
			return err
		}
	}
	return nil
}

func usesWaitThrough(ctx context.Context) error { // want usesWaitThrough:"waitsctx"
	for op(ctx) != nil {
		if err := helper.WaitThrough(ctx); err != nil {
			return err
		}
	}
	return nil
}

// A constant helper wait within -slack in a loop that checks the context
// every iteration is tolerated.
func usesJitter(ctx context.Context) error {
	for op(ctx) != nil {
		if err := ctx.Err(); err != nil {
			return err
		}
		helper.Jitter()
	}
	return nil
}

// A helper waiting on a root context does not observe the caller's.
func usesWaitBackground() { // want usesWaitBackground:"sleeps\\(1s\\)"
	for op(context.Background()) != nil { // want `retry loop exits only when the operation succeeds`
		_ = helper.Wait(context.Background(), time.Second)
		helper.Pause(time.Second)
	}
}

// Outside a function with an incoming context, the helper makes the loop a
// waiting loop: an unbounded retry.
func retryWithPause() { // want retryWithPause:"sleeps"
	for { // want `retry loop exits only when the operation succeeds`
		if err := op(context.TODO()); err == nil {
			return
		}
		helper.Pause(time.Second)
	}
}

var errPermanent = errors.New("permanent")

func try() error { return nil }

// The permanent error ends the program through a helper of another package
// that never returns (its fact): the loop has an exit besides success.
func exitsThroughDie() { // want exitsThroughDie:"sleeps\\(1s\\)"
	for {
		err := try()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			helper.Die(err)
		}
		time.Sleep(time.Second)
	}
}

// Near-identical, reported: the helper logs and returns, so the loop goes
// on sleeping until the operation succeeds.
func complainsAndRetries() { // want complainsAndRetries:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		err := try()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			helper.Complain(err)
		}
		time.Sleep(time.Second)
	}
}

// Near-identical, reported: Must returns when err is nil, and panics only
// for the errors that already left the loop.
func mustAndRetries() { // want mustAndRetries:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		err := try()
		if err == nil {
			return
		}
		helper.Must(nil)
		time.Sleep(time.Second)
	}
}

// fatal is the package's own helper that never returns.
func fatal(err error) { // want fatal:"noreturn"
	println(err.Error())
	os.Exit(2)
}

func exitsThroughLocalFatal() { // want exitsThroughLocalFatal:"sleeps\\(1s\\)"
	for {
		err := try()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			fatal(err)
		}
		time.Sleep(time.Second)
	}
}

// The exit is through a package that retrybudget skips as waitless.
func exitsThroughFatal() { // want exitsThroughFatal:"sleeps\\(1s\\)"
	for {
		err := try()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			die.Exit(err.Error())
		}
		time.Sleep(time.Second)
	}
}

// Near-identical, reported: die.Warn returns.
func warnsAndRetries() { // want warnsAndRetries:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		err := try()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			die.Warn(err.Error())
		}
		time.Sleep(time.Second)
	}
}
