// Package user calls helpers of the analyzed code from functions with an
// incoming context.
package user

import (
	"context"
	"net/http"

	"github.com/acme/dbkit"
	"github.com/gin-gonic/gin"

	"ctxdeadline/callee/helper"
	"ctxdeadline/callee/mid"
)

func handler(w http.ResponseWriter, r *http.Request) {
	_ = helper.Load("k") // want `helper.Load creates context.Background\(\) and passes it on, dropping the caller's deadline; give Load a context parameter and pass r.Context\(\)`
}

func handlerOK(w http.ResponseWriter, r *http.Request) {
	_ = helper.Store(r.Context(), "k")
}

func chain(ctx context.Context) error {
	return mid.Sync() // want `mid.Sync reaches helper.Load, which creates context.Background\(\) and passes it on, dropping the caller's deadline; give them a context parameter and pass ctx`
}

func chainOK(ctx context.Context) error {
	return mid.Pure()
}

func method(ctx context.Context, c *helper.Cache) error {
	return c.Lookup("k") // want `c.Lookup creates context.TODO\(\)`
}

func methodValue(ctx context.Context, c *helper.Cache) error {
	f := c.Lookup
	return f("k")
}

func generic(ctx context.Context) error {
	return helper.Generic[int](1) // want `helper.Generic creates context.Background\(\)`
}

func refresh(ctx context.Context) error {
	return helper.Refresh() // want `helper.Refresh reaches helper.Load`
}

func ginHandler(c *gin.Context) {
	_ = helper.Load("k") // want `helper.Load creates .*; give Load a context parameter and pass c`
}

func ginHandlerOK(c *gin.Context) {
	_ = helper.Store(c, "k")
}

// Must stay quiet.

func noFact(ctx context.Context) error {
	helper.Start()
	helper.Cleanup()
	stop := helper.Lifecycle()
	defer stop()
	_ = helper.Later()
	_ = helper.ThirdParty()
	return helper.Bounded("k")
}

func thirdParty(ctx context.Context) error {
	return dbkit.Ping() // drops, but is third-party: never reported
}

func noIncoming() error { // want noIncoming:"dropsDeadline"
	return helper.Load("k")
}

func deferred(ctx context.Context) {
	defer helper.Load("k")
}

func goroutine(ctx context.Context) {
	go helper.Load("k")
}

func shutdown(ctx context.Context) error {
	<-ctx.Done()
	return helper.Load("final")
}
