package fixes

import (
	"context"
	"time"
)

func timersOnly(ctx context.Context, t *time.Timer) error {
	for call(ctx) != nil {
		select { // want `select on timers only in a loop cannot be interrupted by ctx`
		case <-t.C:
		case <-time.After(time.Second):
		}
	}
	return nil
}
