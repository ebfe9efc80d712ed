package adaptive_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/adaptive"
)

// fixed is an Estimator with a fixed timeout that records outcomes.
type fixed struct {
	to       time.Duration
	outcomes []adaptive.Outcome
	ds       []time.Duration
}

func (f *fixed) Timeout() time.Duration { return f.to }
func (f *fixed) Observe(d time.Duration, o adaptive.Outcome) {
	f.outcomes = append(f.outcomes, o)
	f.ds = append(f.ds, d)
}

func TestDo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := &fixed{to: 100 * time.Millisecond}
		// In time, even with an error: a Success sample.
		opErr := errors.New("boom")
		if err := adaptive.Do(t.Context(), f, func(context.Context) error { time.Sleep(30 * time.Millisecond); return opErr }); err != opErr {
			t.Errorf("Do = %v, want op's error as is", err)
		}
		// Cut short by the estimator's bound: TimedOut.
		err := adaptive.Do(t.Context(), f, func(ctx context.Context) error {
			<-ctx.Done()
			return fmt.Errorf("query: %w", ctx.Err())
		})
		if !errors.Is(err, adaptive.ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Do = %v, want ErrTimeout and DeadlineExceeded", err)
		}
		// It still unwraps to op's own error.
		queryErr := errors.New("query failed")
		err = adaptive.Do(t.Context(), f, func(ctx context.Context) error {
			<-ctx.Done()
			return queryErr
		})
		if !errors.Is(err, queryErr) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Do = %v, want DeadlineExceeded unwrapping to op's error", err)
		}
		// An op that returns its context's cause still reports a timeout.
		err = adaptive.Do(t.Context(), f, func(ctx context.Context) error {
			<-ctx.Done()
			return context.Cause(ctx)
		})
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(adaptive.ErrTimeout, context.DeadlineExceeded) {
			t.Errorf("Do = %v; ErrTimeout must itself be DeadlineExceeded", err)
		}
		f.outcomes, f.ds = f.outcomes[:2], f.ds[:2]
		// The caller's deadline comes first: Canceled (dropped by estimators).
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		defer cancel()
		_ = adaptive.Do(ctx, f, func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() })
		want := []adaptive.Outcome{adaptive.Success, adaptive.TimedOut, adaptive.Canceled}
		wantD := []time.Duration{30 * time.Millisecond, 100 * time.Millisecond, 20 * time.Millisecond}
		if fmt.Sprint(f.outcomes) != fmt.Sprint(want) || fmt.Sprint(f.ds) != fmt.Sprint(wantD) {
			t.Errorf("observed %v %v, want %v %v", f.outcomes, f.ds, want, wantD)
		}
	})
}
