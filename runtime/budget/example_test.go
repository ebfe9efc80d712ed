package budget_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/budget"
)

// Sleep waits, but never past the context.
func ExampleSleep() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	fmt.Println(budget.Sleep(ctx, time.Hour))
	// Output:
	// context deadline exceeded
}

// Retry bounds each attempt by the remaining budget and stops early when
// the next attempt cannot fit; the error still says what the last attempt
// returned.
func ExampleRetry() {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	errUnavailable := errors.New("503 service unavailable")
	calls := 0
	err := budget.Retry(ctx, func(ctx context.Context) error {
		calls++
		return budget.Hint(errUnavailable, time.Second) // the server said "Retry-After: 1"
	},
		budget.MaxAttempts(5),
		budget.PerAttempt(100*time.Millisecond),
		budget.Dependency("currency-api"),
	)
	fmt.Println("calls:", calls)
	fmt.Println("predicted:", errors.Is(err, budget.ErrPredicted))
	fmt.Println("deadline exceeded:", errors.Is(err, context.DeadlineExceeded))
	fmt.Println("last error kept:", errors.Is(err, errUnavailable))
	// Output:
	// calls: 1
	// predicted: true
	// deadline exceeded: true
	// last error kept: true
}

// Budgets are scoped per dependency; their level is observable.
func ExampleRegistry() {
	budgets := budget.NewRegistry(func(string) budget.RetryBudget {
		return budget.NewTokenBucket(budget.TokenConfig{}) // 10 tokens, +0.1 per success
	})
	rates := budgets.Get("currency-api")
	err := budget.Retry(context.Background(), func(context.Context) error {
		return errors.New("connection refused")
	}, budget.WithBudget(rates), budget.MaxAttempts(10), budget.Backoff(time.Millisecond, time.Millisecond))
	fmt.Println(errors.Is(err, budget.ErrBudgetExhausted))
	for name, b := range budgets.All() {
		fmt.Printf("%s: %+v\n", name, b.Level())
	}
	// Output:
	// true
	// currency-api: {Allowing:false Available:0 Allowed:4 Denied:1}
}

// The two-step shape for callers that run their own loop.
func ExampleRatio_Allow() {
	b := budget.NewRatio(budget.RatioConfig{}) // 20 % of requests + 10 retries/s over 10 s
	done, err := b.Allow(false)                // the first attempt: always allowed
	fmt.Println(err)
	done(nil)
	done, err = b.Allow(true) // a retry: allowed while the budget lasts
	fmt.Println(err)
	done(errors.New("timeout"))
	// Output:
	// <nil>
	// <nil>
}

// A handler with one second splits it: auth gets a small share, the query
// most of it, and what auth saves rolls forward. 100ms stay in reserve for
// writing the response.
func ExampleSplit_Sequence() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	steps := budget.Split{Reserve: 100 * time.Millisecond}.Sequence(
		budget.Step{Name: "auth", Weight: 1, Max: 200 * time.Millisecond},
		budget.Step{Name: "query", Weight: 3, Min: 50 * time.Millisecond},
	)
	for _, name := range []string{"auth", "query"} {
		share, _ := steps.Share(ctx)
		fmt.Printf("%s gets about %v\n", name, share.Round(100*time.Millisecond))
		_ = steps.Do(ctx, func(ctx context.Context) error { return nil })
	}
	// Output:
	// auth gets about 200ms
	// query gets about 900ms
}

// Parallel branches overlap, so each may use the remaining time less the
// reserve.
func ExampleSplit_Parallel() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	branches := []budget.Step{{Name: "prices"}, {Name: "stock", Max: 200 * time.Millisecond}}
	err := budget.Split{Reserve: 100 * time.Millisecond}.Parallel(ctx, branches, func(ctx context.Context, i int) error {
		dl, _ := ctx.Deadline()
		fmt.Printf("%s: up to %v\n", branches[i].Name, time.Until(dl).Round(100*time.Millisecond))
		return nil
	})
	fmt.Println(err)
	// Unordered output:
	// prices: up to 900ms
	// stock: up to 200ms
	// <nil>
}
