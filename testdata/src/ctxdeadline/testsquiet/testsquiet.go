// Package testsquiet has findings only in its _test.go file, which are not
// reported without -tests.
package testsquiet

import "context"

func fetch(ctx context.Context) error { return ctx.Err() }
