package budget

import (
	"context"
	"time"
)

// Sleep waits for d or until ctx is done, whichever comes first. It returns
// nil after a full wait and ctx.Err() when the context ended first; a
// context that is already done returns at once. A d ≤ 0 does not wait but
// still reports a done context.
//
// Sleep uses a timer and a select on ctx.Done(), never time.Sleep, and
// stops the timer before returning. It is safe for concurrent use.
func Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil || d <= 0 {
		return err
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// remaining reports the time left before ctx's deadline, and whether there
// is one. The result may be negative when the deadline has passed.
func remaining(ctx context.Context, now time.Time) (time.Duration, bool) {
	dl, ok := ctx.Deadline()
	if !ok {
		return 0, false
	}
	return dl.Sub(now), true
}
