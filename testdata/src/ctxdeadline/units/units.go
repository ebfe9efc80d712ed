// Package units holds timeout-unit fixtures.
package units

import (
	"context"
	"time"
)

const retries = 3

const grace = 2 * time.Second

func a(ctx context.Context) {
	c1, cancel1 := context.WithTimeout(ctx, 5) // want `context.WithTimeout timeout of untyped 5 is 5ns, so the context expires at once; multiply by a time unit such as time.Second`
	defer cancel1()
	c2, cancel2 := context.WithTimeout(ctx, 5*time.Second)
	defer cancel2()
	_, _ = c1, c2
}

func b(ctx context.Context) {
	c1, cancel1 := context.WithTimeoutCause(ctx, 30, context.DeadlineExceeded) // want `context.WithTimeoutCause timeout of untyped 30 is 30ns`
	defer cancel1()
	c2, cancel2 := context.WithTimeoutCause(ctx, 30*time.Second, context.DeadlineExceeded)
	defer cancel2()
	_, _ = c1, c2
}

func c(ctx context.Context) {
	c1, cancel1 := context.WithDeadline(ctx, time.Now().Add(10)) // want `context.WithDeadline deadline offset of untyped 10 is 10ns`
	defer cancel1()
	c2, cancel2 := context.WithDeadline(ctx, time.Now().Add(10*time.Second))
	defer cancel2()
	_, _ = c1, c2
}

func d(ctx context.Context) {
	c1, cancel1 := context.WithDeadlineCause(ctx, time.Now().Add(retries), nil) // want `context.WithDeadlineCause deadline offset of untyped 3 is 3ns`
	defer cancel1()
	c2, cancel2 := context.WithDeadlineCause(ctx, time.Now().Add(grace), nil)
	defer cancel2()
	_, _ = c1, c2
}

// In a function without an incoming context too.
func e() {
	c1, cancel1 := context.WithTimeout(context.Background(), 2+3) // want `context.WithTimeout timeout of untyped 5 is 5ns`
	defer cancel1()
	c2, cancel2 := context.WithTimeout(context.Background(), (2+3)*time.Second)
	defer cancel2()
	_, _ = c1, c2
}

func f(ctx context.Context) {
	c1, cancel1 := context.WithTimeout(ctx, 999999) // want `context.WithTimeout timeout of untyped 999999 is 999.999µs`
	defer cancel1()
	_ = c1
}

// Must stay quiet: zero, negative, typed and non-constant values, and
// large untyped values that are plausibly nanoseconds on purpose.

func quiet(ctx context.Context, d time.Duration, n int) {
	c1, cancel1 := context.WithTimeout(ctx, 0)
	defer cancel1()
	c2, cancel2 := context.WithTimeout(ctx, -1)
	defer cancel2()
	c3, cancel3 := context.WithTimeout(ctx, time.Duration(5))
	defer cancel3()
	c4, cancel4 := context.WithTimeout(ctx, d)
	defer cancel4()
	c5, cancel5 := context.WithTimeout(ctx, time.Duration(n)*time.Millisecond)
	defer cancel5()
	c6, cancel6 := context.WithTimeout(ctx, 1500000000)
	defer cancel6()
	c7, cancel7 := context.WithDeadline(ctx, time.Unix(5, 0))
	defer cancel7()
	_, _, _, _, _, _, _ = c1, c2, c3, c4, c5, c6, c7
}
