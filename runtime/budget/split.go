package budget

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// Step is one call that receives a share of a budget. It is a plain value;
// Sequence and Parallel copy it.
type Step struct {
	// Name names the step in events (Event.Operation).
	Name string
	// Weight is the step's share relative to the steps still to come in a
	// Sequence; ≤ 0 means 1. Parallel branches ignore it.
	Weight float64
	// Min is the shortest time worth starting the step with; when it cannot
	// fit, the step fails fast with a predicted stop and does not run.
	// Default 0.
	Min time.Duration
	// Max caps the step's share; 0 means no cap beyond the budget.
	Max time.Duration
}

// Split divides the time left on a context across calls. Its zero value
// keeps no reserve and reports no events.
//
// A Split is a value that is safe to copy and to use from many goroutines;
// the Sequence it makes is not.
type Split struct {
	// Reserve is kept back for the caller's own work after the calls (say,
	// writing the response): steps and branches end Reserve before the
	// caller's deadline.
	Reserve time.Duration
	// Hook receives a PredictedExhaustion event for every step that cannot
	// fit (DeadlineExceeded if the deadline had already passed); nil drops
	// them.
	Hook deadline.Hook
	// Dependency names the dependency in events.
	Dependency string
}

// Sequence hands out the budget to steps that run one after another. Each
// step, when it starts, gets a weighted share of what remains then:
//
//	share_i = (remaining − Reserve − Σ_{j>i} Min_j) × w_i / Σ_{j≥i} w_j
//
// clamped to [Min_i, Max_i] and to what is available, so time saved by a
// fast early step rolls forward to later ones and an overrun is absorbed by
// them. Later steps' Min are held back from earlier steps; when a step's Min
// cannot fit, it fails fast without running.
//
// A Sequence is not safe for concurrent use: it is meant for steps that run
// one after another on one goroutine.
type Sequence struct {
	split    Split
	steps    []Step
	next     int
	laterMin []time.Duration // laterMin[i] = Σ_{j>i} Min_j
	laterW   []float64       // laterW[i] = Σ_{j≥i} w_j
}

// Sequence returns a plan for steps run in the given order.
func (s Split) Sequence(steps ...Step) *Sequence {
	n := len(steps)
	q := &Sequence{split: s, steps: steps, laterMin: make([]time.Duration, n), laterW: make([]float64, n)}
	var minSum time.Duration
	var wSum float64
	for i := n - 1; i >= 0; i-- {
		q.laterMin[i] = minSum
		minSum += max(steps[i].Min, 0)
		wSum += weight(steps[i])
		q.laterW[i] = wSum
	}
	return q
}

func weight(st Step) float64 {
	if st.Weight > 0 {
		return st.Weight
	}
	return 1
}

// Share returns the time the next step would get if it started now, and
// false when its Min cannot fit (or no step is left). Without a deadline on
// ctx the share is the step's Max (0: unbounded).
func (q *Sequence) Share(ctx context.Context) (time.Duration, bool) {
	if q.next >= len(q.steps) {
		return 0, false
	}
	st := q.steps[q.next]
	rem, ok := remaining(ctx, time.Now())
	if !ok {
		return max(st.Max, 0), true
	}
	avail := rem - q.split.Reserve - q.laterMin[q.next]
	if avail <= 0 || avail < st.Min {
		return 0, false
	}
	share := time.Duration(float64(avail) * weight(st) / q.laterW[q.next])
	share = max(share, st.Min)
	if st.Max > 0 {
		share = min(share, st.Max)
	}
	return min(share, avail), true
}

// Next starts the next step: it returns a context bounded by the step's
// share (its cause, when the share runs out first, is ErrStepTimeout) and
// its cancel function, which the caller must call when the step ends. When
// the step's Min cannot fit, Next returns an *ExhaustedError with
// ReasonPredicted (errors.Is ErrPredicted and context.DeadlineExceeded) and
// the step counts as done; after the last step it returns ErrNoStep.
func (q *Sequence) Next(ctx context.Context) (context.Context, context.CancelFunc, error) {
	if q.next >= len(q.steps) {
		return nil, nil, ErrNoStep
	}
	st := q.steps[q.next]
	share, ok := q.Share(ctx)
	q.next++
	if !ok || ctx.Err() != nil {
		return nil, nil, q.split.predicted(ctx, st, q.split.Reserve+q.laterMin[q.next-1]+max(st.Min, 1))
	}
	if share <= 0 { // no deadline and no Max
		c, cancel := context.WithCancel(ctx)
		return c, cancel, nil
	}
	c, cancel := context.WithTimeoutCause(ctx, share, ErrStepTimeout)
	return c, cancel, nil
}

// Do runs op as the next step, bounded by its share. It returns Next's
// error without calling op when the step cannot fit.
func (q *Sequence) Do(ctx context.Context, op func(ctx context.Context) error) error {
	c, cancel, err := q.Next(ctx)
	if err != nil {
		return err
	}
	defer cancel()
	return op(c)
}

// predicted reports and returns the error of a step that cannot fit.
func (s Split) predicted(ctx context.Context, st Step, need time.Duration) error {
	rem, _ := remaining(ctx, time.Now())
	e := &ExhaustedError{Reason: ReasonPredicted, Remaining: max(rem, 0), Needed: need}
	kind := deadline.PredictedExhaustion
	if err := ctx.Err(); err != nil {
		e.Reason, e.cause, e.Needed = ReasonCanceled, context.Cause(ctx), 0
		if errors.Is(err, context.DeadlineExceeded) {
			e.Reason, kind = ReasonDeadline, deadline.DeadlineExceeded
		}
	}
	s.Hook.Emit(ctx, deadline.Event{
		Dependency: s.Dependency,
		Operation:  st.Name,
		Kind:       kind,
		Configured: st.Min,
		Remaining:  e.Remaining,
		Err:        e,
	})
	return e
}

// Branch bounds one of several branches that run in parallel. Parallel
// branches overlap, so each may use all the remaining time less Reserve,
// capped by its Max; Weight is ignored. When Min cannot fit, Branch
// returns an *ExhaustedError with ReasonPredicted and the branch must not
// run. The caller must call cancel when the branch ends.
func (s Split) Branch(ctx context.Context, st Step) (context.Context, context.CancelFunc, error) {
	if ctx.Err() != nil {
		return nil, nil, s.predicted(ctx, st, s.Reserve+max(st.Min, 1))
	}
	rem, ok := remaining(ctx, time.Now())
	if !ok {
		if st.Max > 0 {
			c, cancel := context.WithTimeoutCause(ctx, st.Max, ErrStepTimeout)
			return c, cancel, nil
		}
		c, cancel := context.WithCancel(ctx)
		return c, cancel, nil
	}
	avail := rem - s.Reserve
	if avail <= 0 || avail < st.Min {
		return nil, nil, s.predicted(ctx, st, s.Reserve+max(st.Min, 1))
	}
	share := avail
	if st.Max > 0 {
		share = min(share, st.Max)
	}
	c, cancel := context.WithTimeoutCause(ctx, share, ErrStepTimeout)
	return c, cancel, nil
}

// Parallel runs op once per branch, concurrently, each under its Branch
// bound, and waits for all of them; since every branch ends Reserve before
// the deadline, so does the wait (as long as op honours its context).
// Branches whose Min cannot fit do not run and report their predicted
// stop. It returns the errors joined with errors.Join, nil if all
// succeeded.
func (s Split) Parallel(ctx context.Context, branches []Step, op func(ctx context.Context, i int) error) error {
	errs := make([]error, len(branches))
	var wg sync.WaitGroup
	for i, st := range branches {
		c, cancel, err := s.Branch(ctx, st)
		if err != nil {
			errs[i] = err
			continue
		}
		wg.Go(func() {
			defer cancel()
			errs[i] = op(c, i)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
