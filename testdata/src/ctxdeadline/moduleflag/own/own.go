// Package own is checked with -module=ctxdeadline/moduleflag/own.
package own

import (
	"context"

	"ctxdeadline/moduleflag/other"
)

func fetch(ctx context.Context) error { return ctx.Err() }

func load() error { return fetch(context.Background()) } // want load:"dropsDeadline"

func use(ctx context.Context) error {
	_ = other.Load() // outside the analyzed code
	return load()    // want `load creates context.Background\(\)`
}
