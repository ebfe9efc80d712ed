package failsafe_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/failsafe-go/failsafe-go"
	fsbudget "github.com/failsafe-go/failsafe-go/budget"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/failsafe-go/failsafe-go/timeout"

	"github.com/timeoutlint/timeoutlint/runtime/adaptive"
	"github.com/timeoutlint/timeoutlint/runtime/budget"
)

var errTransient = errors.New("transient")

// ops returns the two operations compared: one that succeeds on the first
// try, one that fails once then succeeds. The failing one keeps its state in
// *n, which the caller resets before each run.
func succeed(context.Context) error { return nil }

func failOnce(n *int) func(context.Context) error {
	return func(context.Context) error {
		if *n++; *n == 1 {
			return errTransient
		}
		return nil
	}
}

// Both sides run at most 3 attempts with no wait between them (so the
// numbers measure overhead, not sleeping) and a retry budget that allows
// the retry: failsafe-go's default budget (20 % of in-flight executions,
// at least 3) and our Ratio with one retry per request (the default 20 %
// would, correctly, deny a retry for every request after the reserve).

func newFailsafeRetry() failsafe.Executor[any] {
	rp := retrypolicy.NewBuilder[any]().
		WithMaxAttempts(3).
		WithBudget(fsbudget.New()).
		Build()
	return failsafe.With[any](rp)
}

func newOurRetryOptions() []budget.Option {
	return []budget.Option{
		budget.MaxAttempts(3),
		budget.Backoff(time.Nanosecond, time.Nanosecond), // full jitter of 1ns draws 0
		budget.WithBudget(budget.NewRatio(budget.RatioConfig{Ratio: 1})),
	}
}

func runFailsafe(ctx context.Context, ex failsafe.Executor[any], op func(context.Context) error) error {
	return ex.WithContext(ctx).RunWithExecution(func(e failsafe.Execution[any]) error { return op(e.Context()) })
}

// TestSameOutcomes checks that both sides do the same work for the
// benchmarked operations.
func TestSameOutcomes(t *testing.T) {
	ctx := context.Background()
	fs, ours := newFailsafeRetry(), newOurRetryOptions()
	var n int
	if err := runFailsafe(ctx, fs, failOnce(&n)); err != nil || n != 2 {
		t.Errorf("failsafe-go: err = %v after %d calls, want nil after 2", err, n)
	}
	n = 0
	if err := budget.Retry(ctx, failOnce(&n), ours...); err != nil || n != 2 {
		t.Errorf("budget.Retry: err = %v after %d calls, want nil after 2", err, n)
	}
	hang := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
	fsTimeout := failsafe.With[any](timeout.New[any](10 * time.Millisecond))
	if err := runFailsafe(ctx, fsTimeout, hang); !errors.Is(err, timeout.ErrExceeded) {
		t.Errorf("failsafe-go timeout: err = %v", err)
	}
	if err := budget.Retry(ctx, hang, budget.MaxAttempts(1), budget.PerAttempt(10*time.Millisecond)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("per-attempt bound: err = %v", err)
	}
	at := adaptive.New(adaptive.Config{Initial: 10 * time.Millisecond})
	if err := adaptive.Do(ctx, at, hang); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("adaptive.Do: err = %v", err)
	}
}

// withDeadline gives every benchmark the same caller context: one with a
// deadline far away, as a request handler would have.
func withDeadline(b *testing.B) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	b.Cleanup(cancel)
	return ctx
}

func BenchmarkRetry(b *testing.B) {
	b.Run("succeed/failsafe-go", func(b *testing.B) {
		ctx, ex := withDeadline(b), newFailsafeRetry()
		b.ReportAllocs()
		for b.Loop() {
			if err := runFailsafe(ctx, ex, succeed); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("succeed/timeoutlint", func(b *testing.B) {
		ctx, opts := withDeadline(b), newOurRetryOptions()
		b.ReportAllocs()
		for b.Loop() {
			if err := budget.Retry(ctx, succeed, opts...); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("failonce/failsafe-go", func(b *testing.B) {
		ctx, ex := withDeadline(b), newFailsafeRetry()
		var n int
		op := failOnce(&n)
		b.ReportAllocs()
		for b.Loop() {
			n = 0
			if err := runFailsafe(ctx, ex, op); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("failonce/timeoutlint", func(b *testing.B) {
		ctx, opts := withDeadline(b), newOurRetryOptions()
		var n int
		op := failOnce(&n)
		b.ReportAllocs()
		for b.Loop() {
			n = 0
			if err := budget.Retry(ctx, op, opts...); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkTimeout bounds one call that succeeds at once by 100ms.
func BenchmarkTimeout(b *testing.B) {
	const limit = 100 * time.Millisecond
	b.Run("failsafe-go", func(b *testing.B) {
		ctx := withDeadline(b)
		ex := failsafe.With[any](timeout.New[any](limit))
		b.ReportAllocs()
		for b.Loop() {
			if err := runFailsafe(ctx, ex, succeed); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("context.WithTimeout", func(b *testing.B) { // the floor: what any bound costs
		ctx := withDeadline(b)
		b.ReportAllocs()
		for b.Loop() {
			c, cancel := context.WithTimeout(ctx, limit)
			err := succeed(c)
			cancel()
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("timeoutlint/per-attempt", func(b *testing.B) {
		ctx := withDeadline(b)
		opts := []budget.Option{budget.MaxAttempts(1), budget.PerAttempt(limit)}
		b.ReportAllocs()
		for b.Loop() {
			if err := budget.Retry(ctx, succeed, opts...); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("timeoutlint/adaptive", func(b *testing.B) {
		ctx := withDeadline(b)
		at := adaptive.New(adaptive.Config{Initial: limit})
		b.ReportAllocs()
		for b.Loop() {
			if err := adaptive.Do(ctx, at, succeed); err != nil {
				b.Fatal(err)
			}
		}
	})
}
