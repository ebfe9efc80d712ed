package budget_test

import (
	"context"
	"errors"
	"math"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/budget"
	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// share returns the bound ctx gives its holder from now.
func share(ctx context.Context) time.Duration {
	d, ok := ctx.Deadline()
	if !ok {
		return -1
	}
	return time.Until(d)
}

func TestSequenceWeightsAndRollForward(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		seq := budget.Split{Reserve: 100 * time.Millisecond}.Sequence(
			budget.Step{Name: "auth", Weight: 1},
			budget.Step{Name: "db", Weight: 2},
			budget.Step{Name: "render"}, // weight 0 means 1
		)
		var got []time.Duration
		// auth: 900ms × 1/4 = 225ms, but finishes in 25ms.
		_ = seq.Do(ctx, func(ctx context.Context) error {
			got = append(got, share(ctx))
			time.Sleep(25 * time.Millisecond)
			return nil
		})
		// db: the 200ms saved rolls forward: 875ms × 2/3 ≈ 583ms; uses it all.
		err := seq.Do(ctx, func(ctx context.Context) error {
			got = append(got, share(ctx))
			<-ctx.Done()
			return context.Cause(ctx)
		})
		if !errors.Is(err, budget.ErrStepTimeout) {
			t.Errorf("db step error = %v, want its share's cause ErrStepTimeout", err)
		}
		// render: all that is left but the reserve.
		_ = seq.Do(ctx, func(ctx context.Context) error { got = append(got, share(ctx)); return nil })
		want := []time.Duration{225 * time.Millisecond, 583333333, 291666667}
		if len(got) != 3 {
			t.Fatalf("shares = %v, want %v", got, want)
		}
		for i := range want {
			if diff := got[i] - want[i]; diff < -time.Microsecond || diff > time.Microsecond {
				t.Errorf("step %d share = %v, want %v", i, got[i], want[i])
			}
		}
		if _, _, err := seq.Next(ctx); !errors.Is(err, budget.ErrNoStep) {
			t.Errorf("Next after the last step = %v, want ErrNoStep", err)
		}
	})
}

func TestSequenceMinMax(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		var rec recorder
		seq := budget.Split{Hook: rec.hook, Dependency: "svc"}.Sequence(
			budget.Step{Name: "capped", Max: 100 * time.Millisecond},
			budget.Step{Name: "raised", Weight: 0.01, Min: 300 * time.Millisecond},
			budget.Step{Name: "last", Min: 200 * time.Millisecond},
		)
		// capped: 1000 − 500 (later Mins) = 500 × 1/2.02 ≈ 247ms, capped at 100ms.
		if d, ok := seq.Share(ctx); !ok || d != 100*time.Millisecond {
			t.Errorf("capped share = %v, %v; want 100ms", d, ok)
		}
		_ = seq.Do(ctx, func(ctx context.Context) error { time.Sleep(50 * time.Millisecond); return nil })
		// raised: (950 − 200) × 0.01/1.01 ≈ 7ms, raised to its Min 300ms.
		if d, ok := seq.Share(ctx); !ok || d != 300*time.Millisecond {
			t.Errorf("raised share = %v, %v; want 300ms", d, ok)
		}
		_ = seq.Do(ctx, func(ctx context.Context) error { time.Sleep(800 * time.Millisecond); return nil }) // overruns its share
		// last: 150ms left cannot fit Min 200ms: fails fast, op not called.
		ran := false
		start := time.Now()
		err := seq.Do(ctx, func(context.Context) error { ran = true; return nil })
		var ee *budget.ExhaustedError
		if ran || !errors.As(err, &ee) || ee.Reason != budget.ReasonPredicted || time.Since(start) != 0 {
			t.Fatalf("last step: ran = %v, err = %v; want a predicted stop without running", ran, err)
		}
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, budget.ErrPredicted) {
			t.Errorf("err = %v, want DeadlineExceeded and ErrPredicted", err)
		}
		if pe := rec.kinds(deadline.PredictedExhaustion); len(pe) != 1 || pe[0].Operation != "last" || pe[0].Dependency != "svc" {
			t.Errorf("events = %+v, want one PredictedExhaustion for svc/last", pe)
		}
	})
}

func TestSequenceLaterMinsHeldBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		seq := budget.Split{}.Sequence(budget.Step{Min: 500 * time.Millisecond}, budget.Step{Min: 600 * time.Millisecond})
		if _, _, err := seq.Next(ctx); !errors.Is(err, budget.ErrPredicted) {
			t.Errorf("first step with 1s left and 1.1s of Mins: err = %v, want predicted", err)
		}
	})
}

func TestSequenceWithoutDeadline(t *testing.T) {
	seq := budget.Split{}.Sequence(budget.Step{Max: time.Second}, budget.Step{})
	c, cancel, err := seq.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if d := share(c); d <= 0 || d > time.Second {
		t.Errorf("no deadline: step with Max gets %v, want ≤ 1s", d)
	}
	cancel()
	c, cancel, err = seq.Next(context.Background())
	if err != nil || share(c) != -1 {
		t.Errorf("no deadline, no Max: err = %v, deadline set = %v", err, share(c) != -1)
	}
	cancel()
}

func TestSequenceExpiredContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := budget.Split{}.Sequence(budget.Step{}).Next(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: err = %v, want Canceled", err)
	}
}

func TestParallelSharesRemaining(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		sp := budget.Split{Reserve: 200 * time.Millisecond}
		branches := []budget.Step{
			{Name: "a"},
			{Name: "b", Weight: 5, Max: 300 * time.Millisecond},
			{Name: "c", Min: 900 * time.Millisecond},
		}
		var mu sync.Mutex
		shares := map[int]time.Duration{}
		start := time.Now()
		err := sp.Parallel(ctx, branches, func(ctx context.Context, i int) error {
			mu.Lock()
			shares[i] = share(ctx)
			mu.Unlock()
			<-ctx.Done()
			return nil
		})
		if shares[0] != 800*time.Millisecond || shares[1] != 300*time.Millisecond {
			t.Errorf("shares = %v, want a: 800ms (remaining − reserve, overlapping), b: 300ms (Max)", shares)
		}
		if _, ran := shares[2]; ran {
			t.Error("branch c ran although its Min cannot fit")
		}
		if !errors.Is(err, budget.ErrPredicted) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want c's predicted stop", err)
		}
		if got := time.Since(start); got != 800*time.Millisecond {
			t.Errorf("Parallel returned after %v, want 800ms (the reserve is kept)", got)
		}
	})
}

func TestBranchWithoutDeadline(t *testing.T) {
	c, cancel, err := budget.Split{}.Branch(context.Background(), budget.Step{Max: time.Second})
	if err != nil || share(c) <= 0 {
		t.Errorf("err = %v, share %v; want bounded by Max", err, share(c))
	}
	cancel()
}

// TestStepTimeoutIsDeadlineExceeded: a step or branch that runs past its
// share fails with an error that is ErrStepTimeout and
// context.DeadlineExceeded, unwraps to the op's own error, and is reported.
func TestStepTimeoutIsDeadlineExceeded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		var rec recorder
		sp := budget.Split{Hook: rec.hook, Dependency: "svc"}
		opErr := errors.New("query interrupted")
		seq := sp.Sequence(budget.Step{Name: "query", Max: 100 * time.Millisecond})
		err := seq.Do(ctx, func(ctx context.Context) error { <-ctx.Done(); return opErr })
		if !errors.Is(err, budget.ErrStepTimeout) || !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, opErr) {
			t.Errorf("Do = %v, want ErrStepTimeout and DeadlineExceeded unwrapping to the op's error", err)
		}
		// The cause itself is a timeout, for ops that return context.Cause.
		if !errors.Is(budget.ErrStepTimeout, context.DeadlineExceeded) || !errors.Is(budget.ErrAttemptTimeout, context.DeadlineExceeded) {
			t.Error("ErrStepTimeout and ErrAttemptTimeout must be context.DeadlineExceeded")
		}
		err = sp.Parallel(ctx, []budget.Step{{Name: "a", Max: 100 * time.Millisecond}}, func(ctx context.Context, _ int) error {
			<-ctx.Done()
			return opErr
		})
		if !errors.Is(err, budget.ErrStepTimeout) || !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, opErr) {
			t.Errorf("Parallel = %v, want ErrStepTimeout and DeadlineExceeded unwrapping to the op's error", err)
		}
		ev := rec.kinds(deadline.AttemptTimeout)
		if len(ev) != 2 || ev[0].Operation != "query" || ev[0].Configured != 100*time.Millisecond || ev[1].Operation != "a" {
			t.Errorf("AttemptTimeout events = %+v, want query then a, 100ms each", ev)
		}
		// A step that ends in time with an error keeps its error as is.
		seq = sp.Sequence(budget.Step{Name: "ok"})
		if err := seq.Do(ctx, func(context.Context) error { return opErr }); err != opErr {
			t.Errorf("Do = %v, want the op's error unchanged", err)
		}
	})
}

// TestSequenceSharesAlwaysBounded: weights that round a share to zero, or
// that are not finite, must still give every step a bound that keeps the
// reserve; a negative Reserve counts as none.
func TestSequenceSharesAlwaysBounded(t *testing.T) {
	for _, tc := range []struct {
		name    string
		split   budget.Split
		steps   []budget.Step
		first   time.Duration // the first step's share, -1: only check the bound
		reserve time.Duration
	}{
		{"tiny weight", budget.Split{Reserve: 100 * time.Millisecond}, []budget.Step{{Weight: 1e-12}, {Weight: 1e9}}, -1, 100 * time.Millisecond},
		{"infinite weight", budget.Split{Reserve: 100 * time.Millisecond}, []budget.Step{{Weight: math.Inf(1)}, {}}, 450 * time.Millisecond, 100 * time.Millisecond},
		{"NaN weight", budget.Split{}, []budget.Step{{Weight: math.NaN()}, {}}, 500 * time.Millisecond, 0},
		{"huge weights", budget.Split{}, []budget.Step{{Weight: math.MaxFloat64}, {Weight: math.MaxFloat64}}, 500 * time.Millisecond, 0},
		{"negative reserve", budget.Split{Reserve: -time.Hour}, []budget.Step{{}, {}}, 500 * time.Millisecond, 0},
		{"huge later Mins", budget.Split{}, []budget.Step{{}, {Min: math.MaxInt64}, {Min: math.MaxInt64}}, -2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(t.Context(), time.Second)
				defer cancel()
				dl, _ := ctx.Deadline()
				c, stop, err := tc.split.Sequence(tc.steps...).Next(ctx)
				if tc.first == -2 {
					if !errors.Is(err, budget.ErrPredicted) {
						t.Errorf("err = %v, want a predicted stop", err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				defer stop()
				got, ok := c.Deadline()
				if !ok || got.After(dl.Add(-tc.reserve)) || (got.Equal(dl) && tc.reserve == 0 && tc.first < 0) {
					t.Errorf("step deadline %v before the caller's, want ≥ the %v reserve", dl.Sub(got), tc.reserve)
				}
				if tc.first >= 0 && time.Until(got) != tc.first {
					t.Errorf("first share = %v, want %v", time.Until(got), tc.first)
				}
				if tc.first < 0 && time.Until(got) > time.Millisecond {
					t.Errorf("first share = %v, want about 0", time.Until(got))
				}
			})
		})
	}
}
