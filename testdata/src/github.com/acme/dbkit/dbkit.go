// Package dbkit stubs a third-party module for the timeoutlint fixtures:
// its functions drop deadlines, but it is not the analyzed code, so
// callers are never told about it.
package dbkit

import "context"

// Ping creates its own root context.
func Ping() error { return ping(context.Background()) }

func ping(ctx context.Context) error { return ctx.Err() }

// Get takes no context and has a context variant.
func Get(key string) (string, error) { return GetContext(context.Background(), key) }

// GetContext is the context variant of Get.
func GetContext(ctx context.Context, key string) (string, error) { return key, ctx.Err() }
