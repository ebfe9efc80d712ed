package app

import (
	"context"
	"net/http"
	"time"

	"example.com/lintme/helper"
)

// RetryPause waits between attempts with a sleep the context cannot cut.
func RetryPause(ctx context.Context) error {
	for op(ctx) != nil {
		helper.Pause(time.Second) // FINDING retrybudget: helper.Pause sleeps (fact)
	}
	return nil
}

// Unbounded returns a client that never times out.
func Unbounded() *http.Client {
	return &http.Client{} // FINDING nohttptimeout
}
