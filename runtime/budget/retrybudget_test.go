package budget_test

import (
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/budget"
	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// fakeClock is a settable monotonic clock for Ratio.
type fakeClock struct{ t atomic.Int64 }

func (c *fakeClock) now() time.Duration      { return time.Duration(c.t.Load()) }
func (c *fakeClock) advance(d time.Duration) { c.t.Add(int64(d)) }

func newRatio(c budget.RatioConfig) (*budget.Ratio, *fakeClock) {
	r := budget.NewRatio(c)
	clk := new(fakeClock)
	r.SetClock(clk.now)
	return r, clk
}

// drain spends retries until the budget refuses one and returns how many it
// allowed.
func drain(b interface{ TryRetry() bool }) int {
	n := 0
	for b.TryRetry() {
		n++
		if n > 1e6 {
			panic("budget never refused")
		}
	}
	return n
}

func TestRatioDefaults(t *testing.T) {
	r, clk := newRatio(budget.RatioConfig{})
	// No traffic: the reserve of 10 retries/s over 10 s.
	if got := drain(r); got != 100 {
		t.Fatalf("reserve allowed %d retries, want 100", got)
	}
	lv := r.Level()
	if lv.Allowing || lv.Available != 0 || lv.Allowed != 100 || lv.Denied != 1 {
		t.Errorf("Level = %+v, want exhausted with 100 allowed, 1 denied", lv)
	}
	// 50 requests earn 20 % = 10 retries.
	for range 50 {
		r.Deposit()
	}
	if lv := r.Level(); !lv.Allowing || lv.Available != 10 {
		t.Errorf("after 50 requests Level = %+v, want 10 available", lv)
	}
	if got := drain(r); got != 10 {
		t.Errorf("50 requests allowed %d retries, want 10", got)
	}
	// After the 10 s window everything expires: the full reserve is back.
	clk.advance(10 * time.Second)
	if got := drain(r); got != 100 {
		t.Errorf("after the window %d retries, want 100", got)
	}
}

func TestRatioSlidingWindow(t *testing.T) {
	r, clk := newRatio(budget.RatioConfig{Ratio: 0.5, MinPerSecond: -1, Window: 3 * time.Second})
	if r.TryRetry() {
		t.Fatal("no reserve and no requests, but a retry was allowed")
	}
	for range 10 { // t=0: 10 requests → 5 retries
		r.Deposit()
	}
	clk.advance(1500 * time.Millisecond)
	for range 4 { // t=1.5s: 4 requests → 2 retries
		r.Deposit()
	}
	if got := r.Level().Available; got != 7 {
		t.Errorf("available = %v, want 7", got)
	}
	if !r.TryRetry() || !r.TryRetry() { // spend 2 at t=1.5s
		t.Fatal("retry refused")
	}
	clk.advance(1500 * time.Millisecond) // t=3s: the t=0 second leaves the 3s window
	if got := r.Level().Available; got != 0 {
		t.Errorf("at 3s available = %v, want 2 earned − 2 spent = 0", got)
	}
	clk.advance(time.Second) // t=4s: the t=1 second leaves too
	if got := r.Level().Available; got != 0 || r.TryRetry() {
		t.Errorf("at 4s available = %v, want 0 and refused", got)
	}
}

func TestRatioConfigBounds(t *testing.T) {
	r, _ := newRatio(budget.RatioConfig{Ratio: -1, MinPerSecond: 2, Window: 90 * time.Second})
	for range 100 {
		r.Deposit()
	}
	if got := drain(r); got != 2*60 {
		t.Errorf("Ratio<0, 2/s, window capped at 60s: allowed %d, want 120", got)
	}
	r, _ = newRatio(budget.RatioConfig{Ratio: 3, MinPerSecond: -1, Window: time.Millisecond})
	r.Deposit()
	if got := drain(r); got != 3 {
		t.Errorf("Ratio 3: one request allowed %d retries, want 3", got)
	}
}

func TestRatioConcurrent(t *testing.T) {
	r, _ := newRatio(budget.RatioConfig{}) // frozen clock
	const workers = 8
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range 1000 {
				r.Deposit()
			}
		})
	}
	wg.Wait()
	var allowed atomic.Int64
	for range workers {
		wg.Go(func() {
			for range 500 {
				if _, err := r.Allow(true); err == nil {
					allowed.Add(1)
				} else if !errors.Is(err, budget.ErrBudgetExhausted) {
					t.Errorf("Allow: %v", err)
				}
			}
		})
	}
	wg.Wait()
	// 100 reserve + 20 % of 8000 requests.
	if got := allowed.Load(); got != 1700 {
		t.Errorf("allowed %d of 4000 concurrent retries, want 1700", got)
	}
	if lv := r.Level(); lv.Allowed != 1700 || lv.Denied != 2300 {
		t.Errorf("Level = %+v, want 1700 allowed, 2300 denied", lv)
	}
}

func TestTokenBucket(t *testing.T) {
	b := budget.NewTokenBucket(budget.TokenConfig{})
	if b.Tokens() != 10 || !b.Level().Allowing {
		t.Fatalf("start: tokens %v, want 10 and allowing", b.Tokens())
	}
	for range 4 {
		b.Failure()
	}
	if !b.TryRetry() { // 6 > 5
		t.Error("6 tokens: retry refused")
	}
	b.Failure()
	if b.TryRetry() { // 5 is not > 5
		t.Error("5 tokens: retry allowed, want refused (tokens must exceed max/2)")
	}
	if lv := b.Level(); lv.Allowing || lv.Available != 0 {
		t.Errorf("Level = %+v, want not allowing, 0 available", lv)
	}
	b.Success()
	if got := b.Tokens(); math.Abs(got-5.1) > 1e-9 || !b.TryRetry() {
		t.Errorf("after a success tokens = %v, want 5.1 and allowing", got)
	}
	for range 20 {
		b.Failure()
	}
	if b.Tokens() != 0 {
		t.Errorf("tokens = %v, want floor 0", b.Tokens())
	}
	for range 200 {
		b.Success()
	}
	if b.Tokens() != 10 {
		t.Errorf("tokens = %v, want cap 10", b.Tokens())
	}
	// The two-step shape: done(nil) is a success, done(err) a failure.
	for range 5 {
		done, err := b.Allow(true)
		if err != nil {
			t.Fatal(err)
		}
		done(errors.New("unavailable"))
	}
	if _, err := b.Allow(true); !errors.Is(err, budget.ErrBudgetExhausted) {
		t.Errorf("Allow after 5 failures = %v, want ErrBudgetExhausted", err)
	}
	if _, err := b.Allow(false); err != nil {
		t.Errorf("a first attempt must always be allowed, got %v", err)
	}
	if lv := b.Level(); lv.Denied != 2 {
		t.Errorf("Level = %+v, want 2 denied", lv)
	}
}

func TestTokenBucketConfig(t *testing.T) {
	b := budget.NewTokenBucket(budget.TokenConfig{MaxTokens: 5000, TokenRatio: 9000})
	if b.Tokens() != 1000 {
		t.Errorf("MaxTokens capped: tokens = %v, want 1000", b.Tokens())
	}
	b = budget.NewTokenBucket(budget.TokenConfig{MaxTokens: 4, TokenRatio: 1})
	b.Failure()
	b.Failure()
	b.Success()
	if b.Tokens() != 3 {
		t.Errorf("tokens = %v, want 3", b.Tokens())
	}
}

func TestTokenBucketConcurrent(t *testing.T) {
	b := budget.NewTokenBucket(budget.TokenConfig{MaxTokens: 1000, TokenRatio: 0.5})
	const workers = 8
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range 20 {
				b.Failure()
			}
		})
	}
	wg.Wait() // 1000 − 160 = 840
	for range workers {
		wg.Go(func() {
			for range 20 {
				done, err := b.Allow(true)
				if err != nil {
					t.Error(err)
					return
				}
				done(errors.New("x"))
				done, _ = b.Allow(false)
				done(nil)
			}
		})
	}
	wg.Wait() // never near the floor, the cap or the half line: 840 − 160 + 80
	if got := b.Tokens(); got != 760 {
		t.Errorf("tokens = %v, want 760", got)
	}
	if lv := b.Level(); lv.Allowed != 160 || lv.Available != 760-500 || !lv.Allowing {
		t.Errorf("Level = %+v", lv)
	}
}

func TestRegistryScopesPerDependency(t *testing.T) {
	reg := budget.NewRegistry(func(string) budget.RetryBudget {
		return budget.NewTokenBucket(budget.TokenConfig{MaxTokens: 2})
	})
	var wg sync.WaitGroup
	got := make([]budget.RetryBudget, 16)
	for i := range got {
		wg.Go(func() { got[i] = reg.Get("a") })
	}
	wg.Wait()
	for _, b := range got {
		if b != got[0] {
			t.Fatal("Get returned different budgets for one dependency")
		}
	}
	a := reg.Get("a").(*budget.TokenBucket)
	a.Failure()
	if _, err := reg.Get("a").Allow(true); err == nil {
		t.Error("a is exhausted but allowed a retry")
	}
	if _, err := reg.Get("b").Allow(true); err != nil {
		t.Errorf("b's budget was spent by a's failures: %v", err)
	}
	seen := map[string]bool{}
	for name, b := range reg.All() {
		seen[name] = true
		_ = b.Level()
	}
	if len(seen) != 2 || !seen["a"] || !seen["b"] {
		t.Errorf("All yielded %v, want a and b", seen)
	}
	if _, ok := budget.NewRegistry(nil).Get("x").(*budget.Ratio); !ok {
		t.Error("default registry budget is not a Ratio")
	}
}

// TestRetryWithBudget: a refused retry stops Retry with ErrBudgetExhausted
// unwrapping to the last attempt's error, and only retryable failures drain
// the token bucket.
func TestRetryWithBudget(t *testing.T) {
	b := budget.NewTokenBucket(budget.TokenConfig{MaxTokens: 4, TokenRatio: 1})
	var rec recorder
	calls := 0
	err := budgetRetry(b, &rec, func() error { calls++; return &opError{calls} }, 10)
	// Failures 4→3 (retry ok), 3→2 (2 is not > 2: refused).
	var oe *opError
	if calls != 2 || !errors.Is(err, budget.ErrBudgetExhausted) || !errors.As(err, &oe) || oe.attempt != 2 {
		t.Errorf("calls = %d, err = %v; want 2 calls then a budget refusal unwrapping to attempt 2", calls, err)
	}
	if len(rec.kinds(deadline.RetryDenied)) != 1 {
		t.Errorf("events = %+v, want a RetryDenied", rec.events)
	}
	// A success refills.
	if err := budgetRetry(b, nil, func() error { return nil }, 3); err != nil || b.Tokens() != 3 {
		t.Errorf("success: err = %v, tokens = %v; want nil and 3", err, b.Tokens())
	}
	// A non-retryable failure is not counted.
	_ = budgetRetry(b, nil, func() error { return budget.Permanent(errors.New("404")) }, 3)
	if b.Tokens() != 3 {
		t.Errorf("non-retryable failure drained the bucket: tokens = %v", b.Tokens())
	}
}

func budgetRetry(b budget.RetryBudget, rec *recorder, op func() error, attempts int) error {
	opts := []budget.Option{budget.WithBudget(b), budget.MaxAttempts(attempts), budget.Backoff(time.Microsecond, time.Microsecond)}
	if rec != nil {
		opts = append(opts, budget.Hook(rec.hook))
	}
	return budget.Retry(context.Background(), func(context.Context) error { return op() }, opts...)
}

func TestBudgetCheckDoesNotAllocate(t *testing.T) {
	r := budget.NewRatio(budget.RatioConfig{})
	tb := budget.NewTokenBucket(budget.TokenConfig{})
	reg := budget.NewRegistry(nil)
	reg.Get("dep")
	for name, f := range map[string]func(){
		"ratio":    func() { done, _ := r.Allow(false); done(nil); _, _ = r.Allow(true) },
		"token":    func() { done, _ := tb.Allow(false); done(nil); _, _ = tb.Allow(true) },
		"registry": func() { _, _ = reg.Get("dep").Allow(true) },
	} {
		if a := testing.AllocsPerRun(1000, f); a != 0 {
			t.Errorf("%s: %v allocs per check, want 0", name, a)
		}
	}
}

func BenchmarkRetryBudget(b *testing.B) {
	for _, bc := range []struct {
		name string
		rb   budget.RetryBudget
	}{
		{"ratio", budget.NewRatio(budget.RatioConfig{})},
		{"token", budget.NewTokenBucket(budget.TokenConfig{})},
	} {
		b.Run(bc.name+"/retry", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = bc.rb.Allow(true)
			}
		})
		b.Run(bc.name+"/attempt+done", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				done, _ := bc.rb.Allow(false)
				done(nil)
			}
		})
		b.Run(bc.name+"/retry/parallel", func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					_, _ = bc.rb.Allow(true)
				}
			})
		})
	}
}
