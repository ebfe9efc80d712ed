package deadline

import (
	"context"
	"time"
)

// Kind says which timeout decision an Event records. It is a plain value,
// safe for concurrent use.
type Kind uint8

// The kinds of Event.
const (
	KindUnknown         Kind = iota
	AttemptTimeout           // one attempt hit its own (per-attempt) timeout
	DeadlineExceeded         // the caller's deadline expired during the operation
	PredictedExhaustion      // the remaining budget could not fit the next step; it was not started
	RetryScheduled           // a retry will start after Event.Delay
	RetryDenied              // a retry budget refused a retry
	HeaderClamped            // an incoming deadline header was clamped by the server policy
	HeaderInvalid            // an incoming deadline header was malformed and ignored
	HeaderExpired            // an incoming deadline header had no budget left
	DefaultApplied           // no (trusted) header: the server policy's Default was applied
	AdaptiveChanged          // an adaptive timeout moved to a new value
	AttemptsExhausted        // a retry stopped after its maximum number of attempts
)

var kindNames = [...]string{
	KindUnknown:         "unknown",
	AttemptTimeout:      "attempt_timeout",
	DeadlineExceeded:    "deadline_exceeded",
	PredictedExhaustion: "predicted_exhaustion",
	RetryScheduled:      "retry_scheduled",
	RetryDenied:         "retry_denied",
	HeaderClamped:       "header_clamped",
	HeaderInvalid:       "header_invalid",
	HeaderExpired:       "header_expired",
	DefaultApplied:      "default_applied",
	AdaptiveChanged:     "adaptive_changed",
	AttemptsExhausted:   "attempts_exhausted",
}

// String returns the kind's stable snake_case name, used as a log attribute value.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Event records one timeout decision. Every package of the runtime library
// reports its decisions as Events through a Hook. An Event is a plain value:
// copies may be read concurrently, and a Hook must not modify it.
type Event struct {
	Dependency string        // the downstream dependency, e.g. "currency-api"
	Operation  string        // the operation, e.g. "GET /rates"
	Kind       Kind          // what was decided
	Configured time.Duration // the timeout in force (0 if none)
	Remaining  time.Duration // the caller's remaining budget at the event (0 if no deadline)
	Elapsed    time.Duration // time spent so far in the operation
	Delay      time.Duration // for RetryScheduled: the wait before the next attempt
	Attempt    int           // 1-based attempt number, 0 when not applicable
	Err        error         // the error that led to the decision, if any
}

// Hook receives Events. It is called synchronously on the goroutine making
// the decision, so it must be fast and safe for concurrent use. A nil Hook
// is valid and drops events.
type Hook func(ctx context.Context, e Event)

// Emit calls h with e if h is not nil.
func (h Hook) Emit(ctx context.Context, e Event) {
	if h != nil {
		h(ctx, e)
	}
}
