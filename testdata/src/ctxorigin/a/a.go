// Package a exercises ctxorigin through the probe test analyzer.
package a

import (
	"context"
	"net/http"
	"os"
	"os/signal"
	"time"
)

func probe(any) {}

type key struct{}

func kinds(ctx context.Context, r *http.Request) {
	probe(ctx)                                                        // want `^incoming inline incoming=ctx,r.Context\(\)$`
	probe(r)                                                          // want `^incoming inline incoming=ctx,r.Context\(\)$`
	probe(r.Context())                                                // want `^incoming inline`
	probe(context.Background())                                       // want `^root inline`
	probe(context.TODO())                                             // want `^root inline`
	probe(context.WithValue(context.Background(), key{}, 1))          // want `^root inline`
	probe(context.WithoutCancel(ctx))                                 // want `^detached parent=incoming inline`
	tctx, cancel := context.WithTimeout(ctx, time.Second)             //
	defer cancel()                                                    //
	probe(tctx)                                                       // want `^deadline parent=incoming inline`
	bctx, bcancel := context.WithDeadline(context.TODO(), time.Now()) //
	defer bcancel()                                                   //
	probe(bctx)                                                       // want `^deadline parent=root inline`
	cctx, ccancel := context.WithCancel(context.Background())         //
	defer ccancel()                                                   //
	probe(cctx)                                                       // want `^root cancelable inline`
	sctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	probe(sctx) // want `^root cancelable inline`
	req, _ := http.NewRequest(http.MethodGet, "/", nil)
	probe(req) // want `^root inline`
	req2, _ := http.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
	probe(req2)                 // want `^incoming inline`
	probe(req.WithContext(ctx)) // want `^incoming inline`
	probe(unknown())            // want `^unknown inline`
	probe(holder{ctx: ctx}.ctx) // want `^unknown inline`
}

func unknown() context.Context { return nil }

type holder struct{ ctx context.Context }

func flow(ctx context.Context, ok bool) {
	c := context.Background()
	probe(c) // want `^root inline`
	c = ctx
	probe(c) // want `^incoming inline`
	if ok {
		c = context.Background()
	}
	probe(c) // want `^unknown inline`
	d := ctx
	if ok {
		d, _ = context.WithTimeout(ctx, time.Second)
	}
	probe(d) // want `^incoming inline`
	for range 3 {
		probe(ctx) // want `^unknown inline`
		ctx = context.Background()
	}
	e := ctx
	p := &e
	_ = p
	probe(e) // want `^unknown inline`
}

func reassigned(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	probe(ctx) // want `^deadline parent=incoming inline`
}

func placements(ctx context.Context, errc chan error) {
	defer probe(ctx)                                   // want `^incoming deferred`
	defer func() { probe(ctx) }()                      // want `^incoming deferred`
	go probe(ctx)                                      // want `^incoming goroutine`
	go func() { probe(ctx) }()                         // want `^incoming goroutine`
	time.AfterFunc(time.Second, func() { probe(ctx) }) // want `^incoming goroutine`
	context.AfterFunc(ctx, func() { probe(ctx) })      // want `^incoming after-done`
	if ctx.Err() != nil {
		probe(ctx) // want `^incoming after-done`
	}
	select {
	case <-ctx.Done():
		probe(ctx) // want `^incoming after-done`
	case err := <-errc:
		_ = err
		probe(ctx) // want `^incoming inline`
	}
	probe(ctx) // want `^incoming after-done`
}

func loopSelect(ctx context.Context, jobs chan int) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-jobs:
		}
		probe(ctx) // want `^incoming inline`
	}
}

func afterDone(ctx context.Context) {
	probe(ctx) // want `^incoming inline`
	<-ctx.Done()
	probe(ctx) // want `^incoming after-done`
	func() {
		probe(ctx) // want `^incoming after-done`
	}()
}

func nested(ctx context.Context) {
	func(inner context.Context) {
		probe(inner) // want `^incoming inline incoming=inner$`
	}(ctx)
	func(context.Context) {
		probe(ctx) // want `^incoming inline incoming=$`
	}(ctx)
	func(_ context.Context) {
		probe(ctx) // want `^incoming inline incoming=$`
	}(ctx)
}

func none() {
	probe(context.Background()) // want `^root inline incoming=$`
}

func blank(_ context.Context, _ *http.Request) {
	probe(context.Background()) // want `^root inline incoming=$`
}
