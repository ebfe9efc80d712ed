// Package slack is checked with -slack=1s.
package slack

import (
	"context"
	"time"
)

func op() error { return nil }

// 500ms is within -slack=1s when the loop checks the context.
func withinSlack(ctx context.Context) error {
	for op() != nil {
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return nil
}

func overSlack(ctx context.Context) error {
	for op() != nil {
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(2 * time.Second) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
	return nil
}

// The slack needs the check.
func noCheck(ctx context.Context) {
	for op() != nil {
		time.Sleep(500 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}
