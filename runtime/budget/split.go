package budget

import (
	"context"
	"errors"
	"math"
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
	// Sequence; ≤ 0 (or not finite) means 1, and it is capped at 1e9.
	// Parallel branches ignore it.
	Weight float64
	// Min is the shortest time worth starting the step with; when it cannot
	// fit, the step fails fast with a predicted stop and does not run.
	// Default 0; negative means 0.
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
	// caller's deadline. Negative means 0.
	Reserve time.Duration
	// Hook receives a PredictedExhaustion event for every step that cannot
	// fit (DeadlineExceeded if the deadline had already passed), and, from
	// Do and Parallel, an AttemptTimeout event for every step that ran past
	// its share; nil drops them.
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
// Make a Sequence with Split.Sequence. A Sequence is not safe for
// concurrent use: it is meant for steps that run
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
	s.Reserve = max(s.Reserve, 0)
	q := &Sequence{split: s, steps: steps, laterMin: make([]time.Duration, n), laterW: make([]float64, n)}
	var minSum time.Duration
	var wSum float64
	for i := n - 1; i >= 0; i-- {
		q.laterMin[i] = minSum
		if m := max(steps[i].Min, 0); minSum > math.MaxInt64-m {
			minSum = math.MaxInt64 // saturate: such Mins never fit anyway
		} else {
			minSum += m
		}
		wSum += weight(steps[i])
		q.laterW[i] = wSum
	}
	return q
}

// maxWeight caps weights so that their sum stays finite.
const maxWeight = 1e9

func weight(st Step) float64 {
	if st.Weight > 0 && st.Weight <= maxWeight {
		return st.Weight
	}
	if st.Weight > maxWeight && !math.IsInf(st.Weight, 1) {
		return maxWeight
	}
	return 1 // ≤ 0, NaN or +Inf
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
	// rem may be far negative and laterMin saturated: compare before
	// subtracting, so nothing can wrap around.
	later := q.laterMin[q.next]
	if rem <= q.split.Reserve || rem-q.split.Reserve <= later {
		return 0, false
	}
	avail := rem - q.split.Reserve - later
	if avail < st.Min {
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
	c, cancel, _, err := q.start(ctx)
	return c, cancel, err
}

// start is Next, also returning the share given (0: unbounded).
func (q *Sequence) start(ctx context.Context) (context.Context, context.CancelFunc, time.Duration, error) {
	if q.next >= len(q.steps) {
		return nil, nil, 0, ErrNoStep
	}
	st := q.steps[q.next]
	share, ok := q.Share(ctx)
	q.next++
	if !ok || ctx.Err() != nil {
		return nil, nil, 0, q.split.predicted(ctx, st, satAdd(q.split.Reserve, q.laterMin[q.next-1], max(st.Min, 1)))
	}
	if _, bounded := ctx.Deadline(); !bounded && share <= 0 { // no deadline and no Max
		c, cancel := context.WithCancel(ctx)
		return c, cancel, 0, nil
	}
	// With a deadline the share is always bounded, even when rounding
	// left it at zero: the step must never run to the caller's deadline.
	share = max(share, 1)
	c, cancel := context.WithTimeoutCause(ctx, share, ErrStepTimeout)
	return c, cancel, share, nil
}

// Do runs op as the next step, bounded by its share. It returns Next's
// error without calling op when the step cannot fit. When the step runs
// past its share while ctx still has time, the error is ErrStepTimeout and
// context.DeadlineExceeded, unwraps to op's error, and is reported as an
// AttemptTimeout event.
func (q *Sequence) Do(ctx context.Context, op func(ctx context.Context) error) error {
	var name string
	if q.next < len(q.steps) {
		name = q.steps[q.next].Name
	}
	c, cancel, share, err := q.start(ctx)
	if err != nil {
		return err
	}
	defer cancel()
	return q.split.stepDone(ctx, c, name, share, op(c))
}

// stepDone turns the error of a step that ran past its share, while ctx
// still had time, into a timeout error, and reports it.
func (s Split) stepDone(ctx, stepCtx context.Context, name string, share time.Duration, err error) error {
	if err == nil || ctx.Err() != nil || context.Cause(stepCtx) != ErrStepTimeout {
		return err
	}
	e := &stepTimeoutError{step: name, share: share, err: err}
	if s.Hook != nil {
		rem, _ := remaining(ctx, time.Now())
		s.Hook.Emit(ctx, deadline.Event{
			Dependency: s.Dependency,
			Operation:  name,
			Kind:       deadline.AttemptTimeout,
			Configured: share,
			Remaining:  max(rem, 0),
			Err:        e,
		})
	}
	return e
}

// satAdd adds non-negative durations, saturating at the largest Duration.
func satAdd(ds ...time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		if d > math.MaxInt64-sum {
			return math.MaxInt64
		}
		sum += d
	}
	return sum
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
	c, cancel, _, err := s.branch(ctx, st)
	return c, cancel, err
}

// branch is Branch, also returning the share given (0: unbounded).
func (s Split) branch(ctx context.Context, st Step) (context.Context, context.CancelFunc, time.Duration, error) {
	reserve := max(s.Reserve, 0)
	if ctx.Err() != nil {
		return nil, nil, 0, s.predicted(ctx, st, satAdd(reserve, max(st.Min, 1)))
	}
	rem, ok := remaining(ctx, time.Now())
	if !ok {
		if st.Max > 0 {
			c, cancel := context.WithTimeoutCause(ctx, st.Max, ErrStepTimeout)
			return c, cancel, st.Max, nil
		}
		c, cancel := context.WithCancel(ctx)
		return c, cancel, 0, nil
	}
	if rem <= reserve {
		return nil, nil, 0, s.predicted(ctx, st, satAdd(reserve, max(st.Min, 1)))
	}
	avail := rem - reserve
	if avail < st.Min {
		return nil, nil, 0, s.predicted(ctx, st, satAdd(reserve, max(st.Min, 1)))
	}
	share := avail
	if st.Max > 0 {
		share = min(share, st.Max)
	}
	c, cancel := context.WithTimeoutCause(ctx, share, ErrStepTimeout)
	return c, cancel, share, nil
}

// Parallel runs op once per branch, concurrently, each under its Branch
// bound, and waits for all of them; since every branch ends Reserve before
// the deadline, so does the wait (as long as op honours its context).
// Branches whose Min cannot fit do not run and report their predicted
// stop; a branch that runs past its share reports an error that is
// ErrStepTimeout and context.DeadlineExceeded (see Sequence.Do). It
// returns the errors joined with errors.Join, nil if all succeeded.
func (s Split) Parallel(ctx context.Context, branches []Step, op func(ctx context.Context, i int) error) error {
	errs := make([]error, len(branches))
	var wg sync.WaitGroup
	for i, st := range branches {
		c, cancel, share, err := s.branch(ctx, st)
		if err != nil {
			errs[i] = err
			continue
		}
		wg.Go(func() {
			defer cancel()
			errs[i] = s.stepDone(ctx, c, st.Name, share, op(c, i))
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
