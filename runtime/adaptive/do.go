package adaptive

import (
	"context"
	"fmt"
	"time"
)

// ErrTimeout is the context cause of a call that Do cut short at the
// estimator's timeout. It is itself context.DeadlineExceeded
// (errors.Is(ErrTimeout, context.DeadlineExceeded) is true), so an
// operation that returns context.Cause(ctx) still reports a timeout.
var ErrTimeout error = &timeoutSentinel{"adaptive timeout exceeded"}

// timeoutSentinel is a sentinel error that is also
// context.DeadlineExceeded. It is immutable, so safe for concurrent use.
type timeoutSentinel struct{ msg string }

func (e *timeoutSentinel) Error() string { return e.msg }

// Is reports whether target is context.DeadlineExceeded.
func (e *timeoutSentinel) Is(target error) bool { return target == context.DeadlineExceeded }

// Timeout reports true, as net.Error does for timeouts.
func (e *timeoutSentinel) Timeout() bool { return true }

// timeoutError is the error of a call cut short by Do.
type timeoutError struct {
	after time.Duration
	err   error
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("adaptive timeout exceeded after %v: %v", e.after, e.err)
}

func (e *timeoutError) Unwrap() []error {
	return []error{ErrTimeout, context.DeadlineExceeded, e.err}
}

// Do runs op with a context bounded by e's timeout (and by ctx), then
// records the call in e: TimedOut when e's bound ended it, Canceled
// (dropped) when ctx ended first, Success otherwise, including calls that
// returned an error in time. When e's bound ended the call with an error,
// the returned error is ErrTimeout and context.DeadlineExceeded and unwraps
// to op's error; otherwise op's error is returned as is.
//
// Do is safe for concurrent use if e is (both estimators here are).
func Do(ctx context.Context, e Estimator, op func(ctx context.Context) error) error {
	bound := e.Timeout()
	cctx, cancel := context.WithTimeoutCause(ctx, bound, ErrTimeout)
	defer cancel()
	start := time.Now()
	err := op(cctx)
	d := time.Since(start)
	switch {
	case err == nil:
		e.Observe(d, Success)
	case ctx.Err() != nil:
		e.Observe(d, Canceled)
	case context.Cause(cctx) == ErrTimeout:
		e.Observe(d, TimedOut)
		return &timeoutError{after: bound, err: err}
	default:
		e.Observe(d, Success)
	}
	return err
}
