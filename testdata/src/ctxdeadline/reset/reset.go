// Package reset holds deadline-reset fixtures.
package reset

import (
	"context"
	"net/http"
	"time"
)

func call(ctx context.Context) error { return ctx.Err() }

func get(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `context.WithTimeout on context.Background\(\) starts a fresh budget that ignores the caller's remaining deadline; derive it from ctx`
	defer cancel()
	return call(tctx)
}

func getOK(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return call(tctx)
}

func handler(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithDeadline(context.TODO(), time.Now().Add(time.Second)) // want `context.WithDeadline on context.TODO\(\) starts a fresh budget .*; derive it from r.Context\(\)`
	defer cancel()
	_ = call(ctx)
}

func handlerOK(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithDeadline(r.Context(), time.Now().Add(time.Second))
	defer cancel()
	_ = call(ctx)
}

func cause(ctx context.Context) error {
	tctx, cancel := context.WithTimeoutCause(context.Background(), time.Second, context.DeadlineExceeded) // want `context.WithTimeoutCause on context.Background\(\)`
	defer cancel()
	return call(tctx)
}

func causeOK(ctx context.Context) error {
	tctx, cancel := context.WithTimeoutCause(ctx, time.Second, context.DeadlineExceeded)
	defer cancel()
	return call(tctx)
}

type key struct{}

func wrapped(ctx context.Context) error {
	vctx := context.WithValue(context.Background(), key{}, "v") // want `context.WithTimeout on context.Background\(\)`
	tctx, cancel := context.WithTimeout(vctx, time.Second)
	defer cancel()
	return call(tctx)
}

func wrappedOK(ctx context.Context) error {
	vctx := context.WithValue(ctx, key{}, "v")
	tctx, cancel := context.WithTimeout(vctx, time.Second)
	defer cancel()
	return call(tctx)
}

func closure(ctx context.Context) func() error {
	return func() error {
		tctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `context.WithTimeout on context.Background\(\)`
		defer cancel()
		return call(tctx)
	}
}

func closureOK(ctx context.Context) func() error {
	return func() error {
		tctx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		return call(tctx)
	}
}

func perAttempt(ctx context.Context, n int) error {
	for range n {
		actx, cancel := context.WithTimeout(context.Background(), time.Second) // want `context.WithTimeout on context.Background\(\)`
		err := call(actx)
		cancel()
		if err == nil {
			return nil
		}
	}
	return nil
}

func perAttemptOK(ctx context.Context, n int) error {
	for range n {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err := call(actx)
		cancel()
		if err == nil {
			return nil
		}
	}
	return nil
}

// Both a reset and a direct use of one root: reported once, as dropped.
func both(ctx context.Context) error {
	bg := context.Background() // want `context.Background\(\) passed to call drops`
	tctx, cancel := context.WithTimeout(bg, time.Second)
	defer cancel()
	_ = call(tctx)
	return call(bg)
}

// Must stay quiet: cleanup, detached work, shutdown, no incoming context.

func deferredCleanup(ctx context.Context) {
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = call(cctx)
	}()
}

func goroutine(ctx context.Context) {
	go func() {
		gctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_ = call(gctx)
	}()
}

func gracefulShutdown(ctx context.Context, srv *http.Server) error {
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

func shutdownCase(ctx context.Context, srv *http.Server, errc <-chan error) error {
	for {
		select {
		case <-ctx.Done():
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			return srv.Shutdown(sctx)
		case err := <-errc:
			return err
		}
	}
}

func detachedBounded(ctx context.Context) error {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	return call(dctx)
}

func noIncoming() error {
	tctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return call(tctx)
}

func blank(_ context.Context) error {
	tctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return call(tctx)
}

func lifecycle(ctx context.Context) error {
	lctx, stop := context.WithCancel(context.Background())
	defer stop()
	tctx, cancel := context.WithTimeout(lctx, time.Second)
	defer cancel()
	return call(tctx)
}
