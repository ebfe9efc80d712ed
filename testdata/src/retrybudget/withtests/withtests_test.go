package withtests

import (
	"context"
	"testing"
	"time"
)

func waitReady(ctx context.Context) {
	for op() != nil {
		time.Sleep(10 * time.Millisecond) // want `time.Sleep in a loop cannot be interrupted by ctx`
	}
}

func TestRetry(t *testing.T) {
	waitReady(context.Background())
	for { // want `retry loop exits only when the operation succeeds`
		if err := op(); err == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
}

// A test helper that restarts itself from inside its waiting loop: test
// functions get no facts, so its graph is first built for the loop, and the
// call to itself asks whether it returns while that graph is being built.
func restartLoop() {
	for {
		if err := op(); err != nil {
			restartLoop()
			return
		}
		time.Sleep(time.Millisecond)
	}
}
