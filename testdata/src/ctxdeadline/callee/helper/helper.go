// Package helper holds functions of the analyzed code that take no context;
// some create a root context and pass it on (they carry a fact).
package helper

import (
	"context"
	"time"

	"github.com/acme/dbkit"
)

func fetch(ctx context.Context, key string) error { return ctx.Err() }

func Load(key string) error { // want Load:"dropsDeadline\\(context.Background\\(\\)\\)"
	return fetch(context.Background(), key)
}

func Store(ctx context.Context, key string) error {
	return fetch(ctx, key)
}

func Refresh() error { // want Refresh:"dropsDeadline\\(context.Background\\(\\) via helper.Load\\)"
	return Load("all")
}

type Cache struct{}

func (c *Cache) Lookup(key string) error { // want Lookup:"dropsDeadline\\(context.TODO\\(\\)\\)"
	ctx := context.TODO()
	return fetch(ctx, key)
}

func Generic[T any](x T) error { // want Generic:"dropsDeadline"
	return fetch(context.Background(), "generic")
}

// No fact for these.

func Start() {
	go fetch(context.Background(), "loop")
}

func Bounded(key string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return fetch(ctx, key)
}

func Cleanup() {
	defer fetch(context.Background(), "cleanup")
}

func Lifecycle() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	go fetch(ctx, "worker")
	return cancel
}

func Later() func() error {
	return func() error { return fetch(context.Background(), "later") }
}

func ThirdParty() error {
	return dbkit.Ping() // third-party: not followed
}

// Sync has a context variant: ctx-variant reports its calls, not
// callee-drops-deadline.
func Sync() error { return SyncContext(context.Background()) } // want Sync:"dropsDeadline"

func SyncContext(ctx context.Context) error { return fetch(ctx, "sync") }

func Request(ctx context.Context) error {
	_ = Sync()       // want `Sync ignores the incoming context`
	return Load("x") // want `Load creates context.Background\(\) and passes it on, dropping the caller's deadline; give Load a context parameter and pass ctx`
}
