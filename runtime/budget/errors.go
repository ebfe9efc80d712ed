package budget

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Sentinel errors. Check them with errors.Is; the errors returned by this
// package wrap them.
var (
	// ErrPredicted marks a stop decided in advance: the remaining budget
	// could not fit the next attempt or step, so it was not started. An
	// error that is ErrPredicted is also context.DeadlineExceeded.
	ErrPredicted = errors.New("stop predicted: remaining budget cannot fit the next attempt")

	// ErrBudgetExhausted marks a retry refused by a retry budget.
	ErrBudgetExhausted = errors.New("retry budget exhausted")

	// ErrAttemptsExhausted marks a Retry that ran its maximum number of
	// attempts.
	ErrAttemptsExhausted = errors.New("retry attempts exhausted")

	// ErrAttemptTimeout is the context cause of an attempt that hit its
	// per-attempt bound (see PerAttempt and Reserve) while the caller's
	// context still had time. It is itself context.DeadlineExceeded, so
	// an operation that returns context.Cause(ctx) still reports a timeout.
	ErrAttemptTimeout error = &timeoutSentinel{"attempt timed out"}

	// ErrStepTimeout is the context cause of a Split step or branch that
	// used up its share of the budget. It is itself
	// context.DeadlineExceeded.
	ErrStepTimeout error = &timeoutSentinel{"step share of the budget used up"}

	// ErrNoStep is returned by Sequence.Next when every step has started.
	ErrNoStep = errors.New("no step left in the sequence")
)

// Reason says why a Retry or a Split step stopped. It is a plain value,
// safe to copy and share.
type Reason uint8

// The reasons of an ExhaustedError.
const (
	ReasonUnknown   Reason = iota
	ReasonPredicted        // the remaining budget could not fit the next attempt; it was not started
	ReasonDeadline         // the caller's deadline expired
	ReasonCanceled         // the caller's context was canceled
	ReasonAttempts         // the maximum number of attempts ran
	ReasonBudget           // a retry budget refused the retry
)

var reasonNames = [...]string{
	ReasonUnknown:   "unknown",
	ReasonPredicted: "predicted",
	ReasonDeadline:  "deadline",
	ReasonCanceled:  "canceled",
	ReasonAttempts:  "attempts",
	ReasonBudget:    "budget",
}

// String returns the reason's stable lowercase name.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// ExhaustedError reports why Retry or a Split step stopped without success.
// It unwraps to the sentinel for its Reason, to the context's error when the
// context ended, and to Last, so errors.Is and errors.As reach the last
// attempt's error. Reasons Predicted and Deadline (and any stop whose last
// attempt timed out) satisfy errors.Is(err, context.DeadlineExceeded).
//
// An ExhaustedError is immutable once returned and safe to share.
type ExhaustedError struct {
	Reason    Reason
	Attempts  int           // attempts that ran (0 for a Split step)
	Remaining time.Duration // the caller's remaining budget at the stop (0 if no deadline)
	Needed    time.Duration // ReasonPredicted: the time the next attempt needed (wait + minimum attempt + reserve)
	Delay     time.Duration // ReasonPredicted/ReasonBudget: the wait the next attempt would have had
	Last      error         // the last attempt's error; nil if none ran

	cause error // the context's cause, for ReasonDeadline and ReasonCanceled
}

// Error describes the stop, then the last attempt's error.
func (e *ExhaustedError) Error() string {
	var b strings.Builder
	switch e.Reason {
	case ReasonPredicted:
		fmt.Fprintf(&b, "stop predicted: %v left cannot fit the next attempt (needs %v)", e.Remaining, e.Needed)
	case ReasonDeadline:
		b.WriteString("deadline exceeded")
		if e.cause != nil && e.cause != context.DeadlineExceeded {
			fmt.Fprintf(&b, " (%v)", e.cause)
		}
	case ReasonCanceled:
		b.WriteString("canceled")
		if e.cause != nil && e.cause != context.Canceled {
			fmt.Fprintf(&b, " (%v)", e.cause)
		}
	case ReasonAttempts:
		b.WriteString(ErrAttemptsExhausted.Error())
	case ReasonBudget:
		b.WriteString(ErrBudgetExhausted.Error())
	default:
		b.WriteString("stopped")
	}
	if e.Attempts > 0 {
		fmt.Fprintf(&b, " after %d attempt", e.Attempts)
		if e.Attempts > 1 {
			b.WriteByte('s')
		}
	}
	if e.Last != nil {
		b.WriteString(": last error: ")
		b.WriteString(e.Last.Error())
	}
	return b.String()
}

// Unwrap returns the reason's sentinel, the context's errors where they
// apply, and the last attempt's error.
func (e *ExhaustedError) Unwrap() []error {
	errs := make([]error, 0, 4)
	switch e.Reason {
	case ReasonPredicted:
		errs = append(errs, ErrPredicted, context.DeadlineExceeded)
	case ReasonDeadline:
		errs = append(errs, context.DeadlineExceeded)
		if e.cause != nil && e.cause != context.DeadlineExceeded {
			errs = append(errs, e.cause)
		}
	case ReasonCanceled:
		errs = append(errs, context.Canceled)
		if e.cause != nil && e.cause != context.Canceled {
			errs = append(errs, e.cause)
		}
	case ReasonAttempts:
		errs = append(errs, ErrAttemptsExhausted)
	case ReasonBudget:
		errs = append(errs, ErrBudgetExhausted)
	}
	if e.Last != nil {
		errs = append(errs, e.Last)
	}
	return errs
}

// Timeout reports whether the stop is a timeout outcome (the deadline
// passed, was predicted to pass, or the last attempt timed out).
func (e *ExhaustedError) Timeout() bool {
	return errors.Is(e, context.DeadlineExceeded)
}

// timeoutSentinel is a sentinel error that is also
// context.DeadlineExceeded. It is immutable, so safe for concurrent use.
type timeoutSentinel struct{ msg string }

func (e *timeoutSentinel) Error() string { return e.msg }

// Is reports whether target is context.DeadlineExceeded.
func (e *timeoutSentinel) Is(target error) bool { return target == context.DeadlineExceeded }

// Timeout reports true, as net.Error does for timeouts.
func (e *timeoutSentinel) Timeout() bool { return true }

// stepTimeoutError is the error of a Split step or branch that ran past its
// share while the caller's context still had time. It is ErrStepTimeout and
// context.DeadlineExceeded, and unwraps to the operation's error.
type stepTimeoutError struct {
	step  string
	share time.Duration
	err   error
}

func (e *stepTimeoutError) Error() string {
	return fmt.Sprintf("step %q used up its %v share: %v", e.step, e.share, e.err)
}

func (e *stepTimeoutError) Unwrap() []error {
	return []error{ErrStepTimeout, e.err}
}

// Timeout reports true, as net.Error does for timeouts.
func (e *stepTimeoutError) Timeout() bool { return true }

// attemptTimeoutError is the error of an attempt cut short by its own bound
// while the caller's context still had time. It is ErrAttemptTimeout and
// context.DeadlineExceeded, and unwraps to the operation's error.
type attemptTimeoutError struct {
	bound time.Duration
	err   error
}

func (e *attemptTimeoutError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("attempt timed out after %v", e.bound)
	}
	return fmt.Sprintf("attempt timed out after %v: %v", e.bound, e.err)
}

// Timeout reports true, as net.Error does for timeouts.
func (e *attemptTimeoutError) Timeout() bool { return true }

func (e *attemptTimeoutError) Unwrap() []error {
	if e.err == nil {
		return []error{ErrAttemptTimeout, context.DeadlineExceeded}
	}
	return []error{ErrAttemptTimeout, context.DeadlineExceeded, e.err}
}

// permanentError marks an error that must not be retried.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// Permanent wraps err so that Retry returns it at once without retrying,
// whatever the Retryable classifier says. Retry returns the wrapped error
// itself, not the wrapper. Permanent(nil) is nil.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err}
}

// hintError carries a Retry-After style hint.
type hintError struct {
	err   error
	after time.Duration
}

func (e *hintError) Error() string             { return e.err.Error() }
func (e *hintError) Unwrap() error             { return e.err }
func (e *hintError) RetryAfter() time.Duration { return e.after }

// Hint wraps err with a Retry-After style hint: the server asked to wait d
// before the next attempt. Retry honours the hint clamped to
// [computed backoff, MaxRetryAfter] and never past the deadline. Any error
// with a method RetryAfter() time.Duration in its chain works the same way.
// Hint(nil, d) is nil; a negative d is ignored by Retry.
func Hint(err error, d time.Duration) error {
	if err == nil {
		return nil
	}
	return &hintError{err: err, after: d}
}
