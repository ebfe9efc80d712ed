package budget

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// Defaults of Retry's options.
const (
	DefaultMaxAttempts = 3                     // the SRE book's per-request cap
	DefaultBackoffBase = 50 * time.Millisecond // first retry waits up to this
	DefaultBackoffMax  = 5 * time.Second       // no wait is drawn above this
	minMaxRetryAfter   = 5 * time.Second       // MaxRetryAfter is at least this by default
	maxBackoffShift    = 62                    // keeps base<<n from overflowing
)

// Option configures one Retry call. The zero value of every option's
// argument means its default. Options hold no state: one slice of them may
// be built once and shared by concurrent Retry calls.
type Option func(*options)

type options struct {
	maxAttempts   int
	base, max     time.Duration
	perAttempt    time.Duration
	minAttempt    time.Duration
	reserve       time.Duration
	maxRetryAfter time.Duration
	retryAfter    func(error) (time.Duration, bool)
	retryable     func(error) bool
	budget        RetryBudget
	hook          deadline.Hook
	dependency    string
	operation     string
	rand          func() float64 // uniform in [0, 1); tests replace it
}

// MaxAttempts caps the number of attempts, the first included; n < 1 means
// the default, 3.
func MaxAttempts(n int) Option {
	return func(o *options) {
		if n >= 1 {
			o.maxAttempts = n
		}
	}
}

// Backoff sets full-jitter exponential backoff: before retry k (k = 1 for
// the second attempt) Retry waits a uniformly random time in
// [0, min(max, base·2^(k−1))). A base ≤ 0 means 50 ms, a max ≤ 0 means
// 5 s, and a max below base is raised to base.
func Backoff(base, max time.Duration) Option {
	return func(o *options) {
		if base > 0 {
			o.base = base
		}
		if max > 0 {
			o.max = max
		}
	}
}

// PerAttempt bounds each attempt to d (and always to the remaining budget
// less Reserve). An attempt that hits its bound while the caller still has
// time fails with an error that is ErrAttemptTimeout and
// context.DeadlineExceeded, and is retried; so does a bounded attempt that
// returns an error satisfying context.DeadlineExceeded just before its
// bound (a Transport keeps a transit reserve, so it gives up first). d ≤ 0 means no per-attempt
// bound beyond the remaining budget.
func PerAttempt(d time.Duration) Option {
	return func(o *options) { o.perAttempt = max(d, 0) }
}

// MinAttempt is the shortest attempt worth starting: Retry does not wait
// for a retry unless wait + MinAttempt + Reserve fits in the remaining
// budget. Default 0: an attempt is started whenever any time would be left
// after its wait. A good value is the dependency's typical latency (for
// example from an adaptive estimate).
func MinAttempt(d time.Duration) Option {
	return func(o *options) { o.minAttempt = max(d, 0) }
}

// Reserve keeps d of the caller's budget for its own work after Retry
// returns: attempts end, and Retry gives up, d before the deadline.
// Default 0.
func Reserve(d time.Duration) Option {
	return func(o *options) { o.reserve = max(d, 0) }
}

// RetryAfter sets how a Retry-After style hint is read from an attempt's
// error; hint reports the wait the server asked for and whether there was
// one. The default reads any error in the chain with a method
// RetryAfter() time.Duration, such as those made by Hint. Hints are clamped
// to [computed backoff, MaxRetryAfter] and never extend past the deadline;
// negative hints are ignored. A nil hint means the default.
func RetryAfter(hint func(error) (time.Duration, bool)) Option {
	return func(o *options) {
		if hint != nil {
			o.retryAfter = hint
		}
	}
}

// MaxRetryAfter caps Retry-After style hints; d ≤ 0 means the default,
// max(5 s, the backoff max).
func MaxRetryAfter(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.maxRetryAfter = d
		}
	}
}

// Retryable sets the classifier that says whether an attempt's error may be
// retried. The default retries every error except context.Canceled.
// Errors made by Permanent are never retried, attempt timeouts always are,
// and nothing is retried once the caller's context is done, whatever the
// classifier says. A nil classifier means the default.
func Retryable(retryable func(error) bool) Option {
	return func(o *options) {
		if retryable != nil {
			o.retryable = retryable
		}
	}
}

// WithBudget makes every retry ask b first (see RetryBudget); a refused
// retry stops Retry with an error that is ErrBudgetExhausted and unwraps to
// the last attempt's error. Take b from a Registry keyed by the same name
// as Dependency. A nil b means no retry budget.
func WithBudget(b RetryBudget) Option {
	return func(o *options) { o.budget = b }
}

// Hook sends every decision Retry makes to h as a deadline.Event. A nil h
// drops them.
func Hook(h deadline.Hook) Option {
	return func(o *options) { o.hook = h }
}

// Dependency names the downstream dependency in events.
func Dependency(name string) Option {
	return func(o *options) { o.dependency = name }
}

// Operation names the operation in events.
func Operation(name string) Option {
	return func(o *options) { o.operation = name }
}

func defaultRetryable(err error) bool { return !errors.Is(err, context.Canceled) }

func hintOf(err error) (time.Duration, bool) {
	if h, ok := errors.AsType[interface {
		error
		RetryAfter() time.Duration
	}](err); ok {
		return h.RetryAfter(), true
	}
	return 0, false
}

// backoff returns the full-jitter wait before retry k (k ≥ 1).
func (o *options) backoff(k int) time.Duration {
	ceil := o.max
	if shift := k - 1; shift < maxBackoffShift && o.base <= o.max>>shift {
		ceil = o.base << shift
	}
	return time.Duration(o.rand() * float64(ceil))
}

// delay returns the wait before retry k after err, with any hint clamped
// to [backoff, maxRetryAfter].
func (o *options) delay(k int, err error) time.Duration {
	d := o.backoff(k)
	if hint, ok := o.retryAfter(err); ok && hint > d {
		d = min(hint, max(o.maxRetryAfter, d))
	}
	return d
}

// Retry calls op until it succeeds, returns a non-retryable error, or the
// attempts, the retry budget or the time run out. Each attempt gets a
// context bounded by the caller's remaining budget less Reserve and by
// PerAttempt. Between attempts Retry waits with full-jitter exponential
// backoff, racing ctx.Done().
//
// Retry never sleeps past the deadline: before each retry it checks that
// wait + MinAttempt + Reserve fits in the remaining budget, and when it
// does not, returns at once with an *ExhaustedError whose Reason is
// ReasonPredicted (errors.Is ErrPredicted and context.DeadlineExceeded).
// Every stop for lack of time, whether predicted, at the deadline, or
// because the last attempt hit its own bound, satisfies
// errors.Is(err, context.DeadlineExceeded); every stop after at least one
// attempt unwraps to the last attempt's error. A non-retryable error is
// returned as op returned it (without a Permanent wrapper).
//
// Zero options run at most 3 attempts with 50 ms→5 s backoff. Retry is safe
// for concurrent use; op must be, if the caller shares it.
func Retry(ctx context.Context, op func(ctx context.Context) error, opts ...Option) error {
	o := options{
		maxAttempts: DefaultMaxAttempts,
		base:        DefaultBackoffBase,
		max:         DefaultBackoffMax,
		retryAfter:  hintOf,
		retryable:   defaultRetryable,
		rand:        rand.Float64,
	}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	o.max = max(o.max, o.base)
	if o.maxRetryAfter == 0 {
		o.maxRetryAfter = max(minMaxRetryAfter, o.max)
	}
	if op == nil {
		return errors.New("budget.Retry: nil op")
	}
	r := retrier{options: &o, ctx: ctx}
	if o.hook != nil { // the start is only reported in events; reading the clock is not free
		r.start = time.Now()
	}
	return r.run(op)
}

// retrier is the state of one Retry call.
type retrier struct {
	*options
	ctx   context.Context
	start time.Time
	last  error
}

func (r *retrier) event(kind deadline.Kind, attempt int, delay time.Duration, err error) {
	if r.hook == nil {
		return
	}
	now := time.Now()
	rem, _ := remaining(r.ctx, now)
	r.hook.Emit(r.ctx, deadline.Event{
		Dependency: r.dependency,
		Operation:  r.operation,
		Kind:       kind,
		Configured: r.perAttempt,
		Remaining:  max(rem, 0),
		Elapsed:    now.Sub(r.start),
		Delay:      delay,
		Attempt:    attempt,
		Err:        err,
	})
}

// ctxStop builds the error for a caller's context that ended.
func (r *retrier) ctxStop(attempts int) error {
	e := &ExhaustedError{Reason: ReasonCanceled, Attempts: attempts, Last: r.last, cause: context.Cause(r.ctx)}
	if errors.Is(r.ctx.Err(), context.DeadlineExceeded) {
		e.Reason = ReasonDeadline
		r.event(deadline.DeadlineExceeded, attempts, 0, e)
	}
	return e
}

func (r *retrier) run(op func(context.Context) error) error {
	var delay time.Duration
	for attempt := 1; ; attempt++ {
		if r.ctx.Err() != nil {
			return r.ctxStop(attempt - 1)
		}
		// Predict: does the wait plus the shortest useful attempt fit?
		dl, hasDeadline := r.ctx.Deadline()
		if need := delay + r.minAttempt + r.reserve; hasDeadline && time.Until(dl) <= need {
			rem := time.Until(dl)
			e := &ExhaustedError{Reason: ReasonPredicted, Attempts: attempt - 1,
				Remaining: max(rem, 0), Needed: need, Delay: delay, Last: r.last}
			r.event(deadline.PredictedExhaustion, attempt, delay, e)
			return e
		}
		done, err := r.allow(attempt, delay)
		if err != nil {
			return err
		}
		if attempt > 1 {
			r.event(deadline.RetryScheduled, attempt, delay, r.last)
			if Sleep(r.ctx, delay) != nil {
				return r.ctxStop(attempt - 1)
			}
		}
		err = r.attempt(op, attempt)
		if err == nil {
			if done != nil {
				done(nil)
			}
			return nil
		}
		r.last = err
		if r.ctx.Err() != nil {
			return r.ctxStop(attempt)
		}
		if perm, ok := errors.AsType[*permanentError](err); ok {
			return perm.err
		}
		if _, timedOut := errors.AsType[*attemptTimeoutError](err); !timedOut && !r.retryable(err) {
			return err // not counted by the budget: neither success nor retryable failure
		}
		if done != nil {
			done(err)
		}
		if attempt >= r.maxAttempts {
			e := &ExhaustedError{Reason: ReasonAttempts, Attempts: attempt, Last: err}
			r.event(deadline.AttemptsExhausted, attempt, 0, e)
			return e
		}
		delay = r.delay(attempt, err)
	}
}

// allow asks the retry budget, if any, for the attempt.
func (r *retrier) allow(attempt int, delay time.Duration) (func(error), error) {
	if r.budget == nil {
		return nil, nil
	}
	done, err := r.budget.Allow(attempt > 1)
	if err != nil {
		rem, _ := remaining(r.ctx, time.Now())
		e := &ExhaustedError{Reason: ReasonBudget, Attempts: attempt - 1, Remaining: max(rem, 0), Delay: delay, Last: r.last}
		r.event(deadline.RetryDenied, attempt, delay, e)
		return nil, e
	}
	return done, nil
}

// attempt runs op once under the attempt's bound.
func (r *retrier) attempt(op func(context.Context) error, attempt int) error {
	actx := r.ctx
	bound := r.perAttempt
	if r.reserve > 0 {
		if rem, ok := remaining(r.ctx, time.Now()); ok && (bound == 0 || rem-r.reserve < bound) {
			bound = max(rem-r.reserve, 1) // the prediction guaranteed rem > reserve
		}
	}
	if bound > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeoutCause(r.ctx, bound, ErrAttemptTimeout)
		defer cancel()
	}
	err := op(actx)
	// The attempt's bound ended it, or something below (a Transport's
	// transit reserve, a client timeout) gave up just before that bound:
	// either way an attempt timeout, while the caller still has time.
	if err != nil && actx != r.ctx && r.ctx.Err() == nil &&
		(context.Cause(actx) == ErrAttemptTimeout || errors.Is(err, context.DeadlineExceeded)) {
		err = &attemptTimeoutError{bound: bound, err: err}
		r.event(deadline.AttemptTimeout, attempt, 0, err)
	}
	return err
}
