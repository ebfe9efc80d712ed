// Package helper waits and configures clients for package app: what it
// does is known to the analyzers of app only through facts.
package helper

import (
	"context"
	"net/http"
	"time"
)

// Pause sleeps for d, whatever the caller's deadline.
func Pause(d time.Duration) {
	time.Sleep(d)
}

// Wait waits for d or until ctx is done.
func Wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Configure bounds the client.
func Configure(c *http.Client) {
	c.Timeout = 10 * time.Second
}
