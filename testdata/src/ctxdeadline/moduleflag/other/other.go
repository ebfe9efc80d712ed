// Package other is outside -module=ctxdeadline/moduleflag/own: its facts are
// not followed from own.
package other

import "context"

func fetch(ctx context.Context) error { return ctx.Err() }

func Load() error { return fetch(context.Background()) } // want Load:"dropsDeadline"
