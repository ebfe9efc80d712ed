// Package withtests is checked with -tests: findings in _test.go files are
// reported.
package withtests

import "context"

func fetch(ctx context.Context) error { return ctx.Err() }
