// Package budget is a stub of the timeoutlint runtime's budget package
// with only the declarations the fixtures use, signatures as in
// runtime/budget.
package budget

import (
	"context"
	"time"
)

// Sleep waits for d or until ctx is done, whichever comes first.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
