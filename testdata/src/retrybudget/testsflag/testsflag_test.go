package testsflag

import (
	"context"
	"testing"
	"time"
)

// Tests wait on purpose: not reported without -tests.
func waitReady(ctx context.Context) {
	for op() != nil {
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRetry(t *testing.T) {
	waitReady(context.Background())
	for {
		if err := op(); err == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
}
