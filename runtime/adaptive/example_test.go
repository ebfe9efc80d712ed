package adaptive_test

import (
	"context"
	"fmt"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/adaptive"
)

// A Timeout learns a dependency's latency: after warm-up it follows
// p99 × 1.5, moving at most ×0.8 down or ×2 up per adjustment.
func ExampleNew() {
	at := adaptive.New(adaptive.Config{
		Initial: time.Second,           // until 20 samples arrive
		Min:     10 * time.Millisecond, // never cut calls shorter than this
		Max:     5 * time.Second,       // never wait longer than this
	})
	fmt.Println("warm-up:", at.Timeout())
	for i := range 2000 {
		at.Observe(time.Duration(40+i%20)*time.Millisecond, adaptive.Success) // 40–59ms
	}
	fmt.Println("learned:", at.Timeout().Round(time.Millisecond))
	// Output:
	// warm-up: 1s
	// learned: 90ms
}

// Do bounds a call by the estimator's timeout and records the outcome.
func ExampleDo() {
	at := adaptive.New(adaptive.Config{Initial: 50 * time.Millisecond})
	err := adaptive.Do(context.Background(), at, func(ctx context.Context) error {
		<-ctx.Done() // a call that hangs
		return ctx.Err()
	})
	fmt.Println(err)
	// Output:
	// adaptive timeout exceeded after 50ms: context deadline exceeded
}

// An RTO suits dependencies called a few times a minute.
func ExampleNewRTO() {
	r := adaptive.NewRTO(adaptive.RTOConfig{})
	fmt.Println(r.Timeout())
	r.Observe(200*time.Millisecond, adaptive.Success)
	fmt.Println(r.Timeout()) // SRTT + 4·RTTVAR = 200ms + 4·100ms
	r.Observe(0, adaptive.TimedOut)
	fmt.Println(r.Timeout()) // backed off ×2
	// Output:
	// 1s
	// 600ms
	// 1.2s
}
