// Package app uses package helper the right way: nothing to report.
package app

import (
	"context"
	"net/http"
	"time"

	"example.com/lintme/helper"
)

func op(ctx context.Context) error { return ctx.Err() }

// RetryWait waits between attempts with a wait the context interrupts.
func RetryWait(ctx context.Context) error {
	for op(ctx) != nil {
		if err := helper.Wait(ctx, time.Second); err != nil { // QUIET: helper.Wait watches ctx (fact)
			return err
		}
	}
	return nil
}

// Configured returns a client bounded by helper.Configure.
func Configured() *http.Client {
	c := &http.Client{} // QUIET: helper.Configure sets the Timeout (fact)
	helper.Configure(c)
	return c
}
