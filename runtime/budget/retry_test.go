package budget_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/budget"
	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// opError is the error type the tests' operations return, to check that
// errors.As reaches the last attempt's error.
type opError struct{ attempt int }

func (e *opError) Error() string { return fmt.Sprintf("op failed on attempt %d", e.attempt) }

// recorder collects events; safe for concurrent use.
type recorder struct {
	mu     sync.Mutex
	events []deadline.Event
}

func (r *recorder) hook(_ context.Context, e deadline.Event) {
	r.mu.Lock()
	r.events = append(r.events, e)
	r.mu.Unlock()
}

func (r *recorder) kinds(k deadline.Kind) []deadline.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []deadline.Event
	for _, e := range r.events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func constRand(v float64) func() float64 { return func() float64 { return v } }

func TestRetrySucceedsAfterFailures(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		calls := 0
		err := budget.Retry(t.Context(), func(context.Context) error {
			calls++
			if calls < 3 {
				return &opError{calls}
			}
			return nil
		})
		if err != nil || calls != 3 {
			t.Fatalf("Retry = %v after %d calls, want nil after 3", err, calls)
		}
	})
}

func TestRetryStopsAfterMaxAttempts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		calls := 0
		err := budget.Retry(t.Context(), func(context.Context) error {
			calls++
			return &opError{calls}
		}, budget.MaxAttempts(4))
		if calls != 4 {
			t.Errorf("calls = %d, want 4", calls)
		}
		var ee *budget.ExhaustedError
		var oe *opError
		if !errors.As(err, &ee) || ee.Reason != budget.ReasonAttempts || ee.Attempts != 4 {
			t.Fatalf("err = %#v, want ExhaustedError{Reason: attempts, Attempts: 4}", err)
		}
		if !errors.Is(err, budget.ErrAttemptsExhausted) || !errors.As(err, &oe) || oe.attempt != 4 {
			t.Errorf("err = %v, want ErrAttemptsExhausted unwrapping to attempt 4's error", err)
		}
		if errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v is DeadlineExceeded, but no attempt timed out", err)
		}
	})
}

func TestRetryZeroOptionsAreBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		calls := 0
		start := time.Now()
		err := budget.Retry(t.Context(), func(context.Context) error { calls++; return errors.New("x") },
			budget.MaxAttempts(0), budget.Backoff(0, 0), budget.PerAttempt(0), budget.MinAttempt(0),
			budget.Reserve(0), budget.MaxRetryAfter(0), budget.RetryAfter(nil), budget.Retryable(nil),
			budget.WithBudget(nil), budget.Hook(nil), nil)
		if calls != budget.DefaultMaxAttempts || err == nil {
			t.Errorf("calls = %d, err = %v; want %d calls and an error", calls, err, budget.DefaultMaxAttempts)
		}
		// Two retries wait at most 50ms and 100ms.
		if got := time.Since(start); got >= 150*time.Millisecond {
			t.Errorf("took %v, want < 150ms with default backoff", got)
		}
	})
}

// TestRetryPredictsStop: an op that fails fast, with a backoff that grows
// past what remains, stops before waiting; the error says so.
func TestRetryPredictsStop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		dl, _ := ctx.Deadline()
		var rec recorder
		calls := 0
		err := budget.Retry(ctx, func(context.Context) error {
			calls++
			time.Sleep(10 * time.Millisecond)
			return &opError{calls}
		}, budget.MaxAttempts(10), budget.Backoff(400*time.Millisecond, 10*time.Second),
			budget.WithRand(constRand(0.999)), budget.Hook(rec.hook))
		// attempt 1: 0–10ms, wait 399.6ms, attempt 2: ~410–420ms, next wait
		// 799.2ms does not fit in the ~580ms left.
		if calls != 2 {
			t.Errorf("calls = %d, want 2", calls)
		}
		if now := time.Now(); !now.Before(dl) || time.Until(dl) < 500*time.Millisecond {
			t.Errorf("returned %v before the deadline, want an early (predicted) return", time.Until(dl))
		}
		var ee *budget.ExhaustedError
		var oe *opError
		switch {
		case !errors.As(err, &ee) || ee.Reason != budget.ReasonPredicted:
			t.Fatalf("err = %v, want a predicted ExhaustedError", err)
		case !errors.Is(err, context.DeadlineExceeded):
			t.Errorf("err = %v is not context.DeadlineExceeded", err)
		case !errors.Is(err, budget.ErrPredicted):
			t.Errorf("err = %v is not ErrPredicted", err)
		case !errors.As(err, &oe) || oe.attempt != 2:
			t.Errorf("err = %v does not unwrap to the last attempt's error", err)
		case !strings.Contains(err.Error(), "predicted") || !strings.Contains(err.Error(), "op failed on attempt 2"):
			t.Errorf("err.Error() = %q, want it to say predicted and give the last error", err)
		}
		if pe := rec.kinds(deadline.PredictedExhaustion); len(pe) != 1 || pe[0].Delay < 790*time.Millisecond {
			t.Errorf("PredictedExhaustion events = %+v, want one with the 799ms delay", pe)
		}
	})
}

// TestRetryNeverSleepsPastDeadline runs many random schedules and checks
// that Retry always returns by the deadline, that no scheduled wait ends
// past it, and that every attempt starts with at least MinAttempt left.
func TestRetryNeverSleepsPastDeadline(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		budgetD := time.Duration(50+rng.IntN(2000)) * time.Millisecond
		opD := time.Duration(rng.IntN(300)) * time.Millisecond
		minAttempt := time.Duration(rng.IntN(100)) * time.Millisecond
		seed := rng.Uint64()
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), budgetD)
			defer cancel()
			dl, _ := ctx.Deadline()
			var rec recorder
			var late []time.Duration
			err := budget.Retry(ctx, func(ctx context.Context) error {
				if left := time.Until(dl); left < minAttempt || left <= 0 {
					late = append(late, left)
				}
				select {
				case <-time.After(opD):
					return errors.New("fail")
				case <-ctx.Done():
					return ctx.Err()
				}
			}, budget.MaxAttempts(20), budget.MinAttempt(minAttempt), budget.Backoff(20*time.Millisecond, time.Second),
				budget.WithRand(rand.New(rand.NewPCG(seed, 0)).Float64), budget.Hook(rec.hook))
			if time.Now().After(dl) {
				t.Errorf("case %d: returned %v after the deadline", i, time.Since(dl))
			}
			if len(late) > 0 {
				t.Errorf("case %d: attempts started with %v left (MinAttempt %v)", i, late, minAttempt)
			}
			for _, e := range rec.kinds(deadline.RetryScheduled) {
				if e.Delay >= e.Remaining {
					t.Errorf("case %d: scheduled a %v wait with %v left", i, e.Delay, e.Remaining)
				}
			}
			if err == nil || !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, budget.ErrAttemptsExhausted) {
				t.Errorf("case %d: err = %v", i, err)
			}
		})
	}
}

func TestRetryDoesNotStartAttemptThatCannotFit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
		defer cancel()
		calls := 0
		err := budget.Retry(ctx, func(context.Context) error { calls++; return nil }, budget.MinAttempt(200*time.Millisecond))
		if calls != 0 {
			t.Errorf("op ran %d times, want 0: 100ms cannot fit a 200ms attempt", calls)
		}
		if !errors.Is(err, budget.ErrPredicted) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want predicted DeadlineExceeded", err)
		}
	})
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
		defer cancel()
		calls := 0
		start := time.Now()
		err := budget.Retry(ctx, func(context.Context) error {
			calls++
			time.Sleep(250 * time.Millisecond)
			return &opError{calls}
		}, budget.MinAttempt(300*time.Millisecond), budget.WithRand(constRand(0)))
		var oe *opError
		if calls != 1 || !errors.Is(err, budget.ErrPredicted) || !errors.As(err, &oe) {
			t.Errorf("calls = %d, err = %v; want 1 call and a predicted stop unwrapping to its error", calls, err)
		}
		if got := time.Since(start); got != 250*time.Millisecond {
			t.Errorf("returned after %v, want right after the first attempt (250ms)", got)
		}
	})
}

func TestRetryReserve(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		dl, _ := ctx.Deadline()
		var bounds []time.Duration
		err := budget.Retry(ctx, func(ctx context.Context) error {
			d, _ := ctx.Deadline()
			bounds = append(bounds, dl.Sub(d))
			<-ctx.Done()
			return ctx.Err()
		}, budget.Reserve(300*time.Millisecond), budget.WithRand(constRand(0)))
		if len(bounds) != 1 || bounds[0] != 300*time.Millisecond {
			t.Errorf("attempt deadlines before the caller's: %v, want [300ms]", bounds)
		}
		// The attempt used everything but the reserve; no retry can fit.
		if !errors.Is(err, budget.ErrPredicted) || !errors.Is(err, budget.ErrAttemptTimeout) {
			t.Errorf("err = %v, want a predicted stop after an attempt timeout", err)
		}
		if left := time.Until(dl); left != 300*time.Millisecond {
			t.Errorf("returned with %v left, want the 300ms reserve", left)
		}
	})
}

func TestRetryDeadlineDuringAttempt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		var rec recorder
		err := budget.Retry(ctx, func(ctx context.Context) error {
			<-ctx.Done()
			return &opError{1}
		}, budget.Hook(rec.hook))
		var ee *budget.ExhaustedError
		var oe *opError
		if !errors.As(err, &ee) || ee.Reason != budget.ReasonDeadline || ee.Attempts != 1 {
			t.Fatalf("err = %v, want ReasonDeadline after 1 attempt", err)
		}
		if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &oe) {
			t.Errorf("err = %v, want DeadlineExceeded unwrapping to the op's error", err)
		}
		if len(rec.kinds(deadline.DeadlineExceeded)) != 1 {
			t.Errorf("events = %+v, want one DeadlineExceeded", rec.events)
		}
	})
}

func TestRetryPerAttemptTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec recorder
		calls := 0
		start := time.Now()
		err := budget.Retry(t.Context(), func(ctx context.Context) error {
			calls++
			<-ctx.Done()
			return fmt.Errorf("call %d: %w", calls, ctx.Err())
		}, budget.PerAttempt(100*time.Millisecond), budget.WithRand(constRand(0)), budget.Hook(rec.hook))
		if calls != 3 {
			t.Errorf("calls = %d, want 3 (attempt timeouts are retried)", calls)
		}
		if got := time.Since(start); got != 300*time.Millisecond {
			t.Errorf("took %v, want 3 × 100ms", got)
		}
		if !errors.Is(err, budget.ErrAttemptTimeout) || !errors.Is(err, context.DeadlineExceeded) ||
			!errors.Is(err, budget.ErrAttemptsExhausted) || !strings.Contains(err.Error(), "call 3") {
			t.Errorf("err = %v, want attempts exhausted after an attempt timeout of call 3", err)
		}
		if got := len(rec.kinds(deadline.AttemptTimeout)); got != 3 {
			t.Errorf("%d AttemptTimeout events, want 3", got)
		}
		// Giving up is a decision too: one event, with the final error.
		if ae := rec.kinds(deadline.AttemptsExhausted); len(ae) != 1 || ae[0].Attempt != 3 || !errors.Is(ae[0].Err, budget.ErrAttemptsExhausted) {
			t.Errorf("AttemptsExhausted events = %+v, want one for attempt 3 with the exhausted error", ae)
		}
	})
}

func TestRetryNonRetryable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		base := &opError{1}
		calls := 0
		err := budget.Retry(t.Context(), func(context.Context) error { calls++; return budget.Permanent(base) })
		if calls != 1 || err != base {
			t.Errorf("Permanent: calls = %d, err = %v; want 1 call returning the inner error", calls, err)
		}
		calls = 0
		err = budget.Retry(t.Context(), func(context.Context) error { calls++; return base },
			budget.Retryable(func(err error) bool { return false }))
		if calls != 1 || err != base {
			t.Errorf("Retryable false: calls = %d, err = %v", calls, err)
		}
		calls = 0
		err = budget.Retry(t.Context(), func(context.Context) error { calls++; return context.Canceled })
		if calls != 1 || err != context.Canceled {
			t.Errorf("default classifier on Canceled: calls = %d, err = %v", calls, err)
		}
	})
}

func TestRetryCanceledDuringWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(10*time.Millisecond, cancel)
		start := time.Now()
		err := budget.Retry(ctx, func(context.Context) error { return &opError{1} },
			budget.Backoff(time.Hour, time.Hour), budget.WithRand(constRand(0.5)))
		var oe *opError
		if !errors.Is(err, context.Canceled) || !errors.As(err, &oe) || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want Canceled unwrapping to the op's error", err)
		}
		if got := time.Since(start); got != 10*time.Millisecond {
			t.Errorf("returned after %v, want at the cancel (10ms)", got)
		}
	})
}

// TestRetryAfterHintsAreClamped checks hints against the backoff floor,
// the MaxRetryAfter cap and the deadline.
func TestRetryAfterHintsAreClamped(t *testing.T) {
	cases := []struct {
		name  string
		hint  time.Duration
		opts  []budget.Option
		delay time.Duration // the single RetryScheduled delay; 0 = none expected
	}{
		{"huge hint capped by default", time.Hour, nil, 5 * time.Second},
		{"huge hint capped by backoff max", time.Hour, []budget.Option{budget.Backoff(time.Second, 8*time.Second)}, 8 * time.Second},
		{"cap set", time.Hour, []budget.Option{budget.MaxRetryAfter(2 * time.Second)}, 2 * time.Second},
		{"hint within bounds", 700 * time.Millisecond, nil, 700 * time.Millisecond},
		{"hint below backoff", time.Millisecond, []budget.Option{budget.Backoff(time.Second, time.Second)}, 500 * time.Millisecond},
		{"negative hint ignored", -time.Second, nil, 25 * time.Millisecond},
		{"custom extractor", 0, []budget.Option{budget.RetryAfter(func(error) (time.Duration, bool) { return 3 * time.Second, true })}, 3 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var rec recorder
				calls := 0
				opts := append([]budget.Option{budget.MaxAttempts(2), budget.WithRand(constRand(0.5)), budget.Hook(rec.hook)}, tc.opts...)
				start := time.Now()
				_ = budget.Retry(t.Context(), func(context.Context) error {
					calls++
					return budget.Hint(&opError{calls}, tc.hint)
				}, opts...)
				rs := rec.kinds(deadline.RetryScheduled)
				if len(rs) != 1 || rs[0].Delay != tc.delay {
					t.Fatalf("RetryScheduled = %+v, want one with delay %v", rs, tc.delay)
				}
				if got := time.Since(start); got != tc.delay {
					t.Errorf("waited %v, want %v", got, tc.delay)
				}
			})
		})
	}
	// A hint longer than the remaining budget is a predicted stop, at once.
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
		defer cancel()
		start := time.Now()
		err := budget.Retry(ctx, func(context.Context) error { return budget.Hint(&opError{1}, time.Hour) })
		if !errors.Is(err, budget.ErrPredicted) || time.Since(start) != 0 {
			t.Errorf("err = %v after %v, want an immediate predicted stop", err, time.Since(start))
		}
		var ee *budget.ExhaustedError
		if errors.As(err, &ee) && ee.Delay != 5*time.Second {
			t.Errorf("predicted delay = %v, want the clamped 5s", ee.Delay)
		}
	})
}

// TestRetryJitterBounds draws many full-jitter delays from an injected
// random source and checks that each lies in [0, min(max, base·2^(k−1)))
// and that they spread uniformly over it.
func TestRetryJitterBounds(t *testing.T) {
	const (
		runs     = 2000
		attempts = 8
		base     = 10 * time.Millisecond
		maxD     = 500 * time.Millisecond
	)
	src := rand.New(rand.NewPCG(42, 7))
	var rec recorder
	synctest.Test(t, func(t *testing.T) {
		for range runs {
			_ = budget.Retry(t.Context(), func(context.Context) error { return errors.New("x") },
				budget.MaxAttempts(attempts), budget.Backoff(base, maxD), budget.WithRand(src.Float64), budget.Hook(rec.hook))
		}
	})
	byRetry := make(map[int][]time.Duration)
	for _, e := range rec.kinds(deadline.RetryScheduled) {
		byRetry[e.Attempt-1] = append(byRetry[e.Attempt-1], e.Delay)
	}
	for k := 1; k < attempts; k++ {
		ceil := min(maxD, base<<(k-1))
		ds := byRetry[k]
		if len(ds) != runs {
			t.Fatalf("retry %d: %d draws, want %d", k, len(ds), runs)
		}
		var quart [4]int
		var sum float64
		for _, d := range ds {
			if d < 0 || d >= ceil {
				t.Fatalf("retry %d: delay %v outside [0, %v)", k, d, ceil)
			}
			sum += float64(d)
			quart[int(4*float64(d)/float64(ceil))]++
		}
		// Uniform: mean ceil/2 (σ of the mean ≈ ceil/√(12·runs) ≈ 0.65 %),
		// each quarter 25 % (σ ≈ 1 %). Bounds at ~5σ.
		if mean := sum / runs / float64(ceil); math.Abs(mean-0.5) > 0.035 {
			t.Errorf("retry %d: mean delay %.3f·ceil, want 0.5", k, mean)
		}
		for q, n := range quart {
			if frac := float64(n) / runs; math.Abs(frac-0.25) > 0.05 {
				t.Errorf("retry %d: quarter %d holds %.3f of draws, want 0.25", k, q, frac)
			}
		}
	}
}

func TestRetryNilOp(t *testing.T) {
	if err := budget.Retry(context.Background(), nil); err == nil {
		t.Error("Retry(nil op) = nil, want an error")
	}
}

// TestRetryEarlyTimeoutBelowTheBound: a layer below Retry (a Transport's
// transit reserve, a client timeout) may give up just before the attempt's
// own bound. That is still an attempt timeout: reported, retried, and the
// final error is DeadlineExceeded unwrapping to the last attempt's error.
func TestRetryEarlyTimeoutBelowTheBound(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec recorder
		calls := 0
		err := budget.Retry(t.Context(), func(ctx context.Context) error {
			calls++
			inner, cancel := context.WithTimeout(ctx, 95*time.Millisecond) // like Transport's 5ms reserve
			defer cancel()
			<-inner.Done()
			return &callError{calls, inner.Err()}
		}, budget.PerAttempt(100*time.Millisecond), budget.MaxAttempts(2), budget.WithRand(constRand(0)),
			budget.Hook(rec.hook), budget.Retryable(func(err error) bool { return !errors.Is(err, context.DeadlineExceeded) }))
		if calls != 2 {
			t.Errorf("calls = %d, want 2: attempt timeouts are always retried", calls)
		}
		var ce *callError
		if !errors.Is(err, budget.ErrAttemptTimeout) || !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &ce) || ce.n != 2 {
			t.Errorf("err = %v, want an attempt timeout unwrapping to call 2's error", err)
		}
		if got := len(rec.kinds(deadline.AttemptTimeout)); got != 2 {
			t.Errorf("%d AttemptTimeout events, want 2", got)
		}
	})
}

type callError struct {
	n   int
	err error
}

func (e *callError) Error() string { return fmt.Sprintf("call %d: %v", e.n, e.err) }
func (e *callError) Unwrap() error { return e.err }

// TestBackoffNeverOverflows: whatever base, max and retry number, the wait
// is in [0, max], and reaches max once base·2^(k−1) passes it.
func TestBackoffNeverOverflows(t *testing.T) {
	for _, base := range []time.Duration{1, time.Millisecond, time.Hour, math.MaxInt64 / 3, math.MaxInt64} {
		for _, maxD := range []time.Duration{1, time.Second, math.MaxInt64 / 2, math.MaxInt64} {
			hi := max(maxD, base)
			prev := time.Duration(0)
			for k := 1; k <= 200; k++ {
				d := budget.BackoffCeil(base, maxD, k, 0.999999)
				if d < 0 || d > hi {
					t.Fatalf("base %v, max %v, retry %d: wait %v outside [0, %v]", base, maxD, k, d, hi)
				}
				if d < prev {
					t.Fatalf("base %v, max %v, retry %d: wait %v shrank from %v", base, maxD, k, d, prev)
				}
				prev = d
			}
			if hi > time.Microsecond && float64(prev) < 0.99*float64(hi) {
				t.Errorf("base %v, max %v: wait after 200 retries %v, want about %v", base, maxD, prev, hi)
			}
			if d := budget.BackoffCeil(base, maxD, 1, 0); d != 0 {
				t.Errorf("full jitter must reach 0, got %v", d)
			}
		}
	}
}
