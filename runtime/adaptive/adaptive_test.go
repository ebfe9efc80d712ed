package adaptive_test

import (
	"context"
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/adaptive"
	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// changes records the values of AdaptiveChanged events.
type changes struct {
	mu sync.Mutex
	vs []time.Duration
}

func (c *changes) hook(_ context.Context, e deadline.Event) {
	if e.Kind != deadline.AdaptiveChanged {
		panic("unexpected event kind " + e.Kind.String())
	}
	c.mu.Lock()
	c.vs = append(c.vs, e.Configured)
	c.mu.Unlock()
}

// lognormal draws latencies whose median is med and log-sd is sigma.
func lognormal(rng *rand.Rand, med time.Duration, sigma float64) time.Duration {
	return time.Duration(float64(med) * math.Exp(sigma*rng.NormFloat64()))
}

// call simulates one call of true latency lat under at's timeout.
func call(at adaptive.Estimator, lat time.Duration) {
	if to := at.Timeout(); lat > to {
		at.Observe(to, adaptive.TimedOut)
	} else {
		at.Observe(lat, adaptive.Success)
	}
}

func TestZeroConfig(t *testing.T) {
	at := adaptive.New(adaptive.Config{})
	if got := at.Timeout(); got != adaptive.DefaultMax {
		t.Errorf("zero Config: Timeout() = %v, want Initial = Max = %v", got, adaptive.DefaultMax)
	}
	for range 10000 {
		at.Observe(time.Nanosecond, adaptive.Success)
	}
	if got := at.Timeout(); got != adaptive.DefaultMin {
		t.Errorf("after tiny samples Timeout() = %v, want Min %v", got, adaptive.DefaultMin)
	}
}

func TestWarmupHoldsInitial(t *testing.T) {
	var ch changes
	at := adaptive.New(adaptive.Config{Initial: 500 * time.Millisecond, Hook: ch.hook})
	for i := range 19 {
		at.Observe(10*time.Millisecond, adaptive.Success)
		if got := at.Timeout(); got != 500*time.Millisecond {
			t.Fatalf("after %d samples Timeout() = %v, want Initial 500ms", i+1, got)
		}
	}
	at.Observe(10*time.Millisecond, adaptive.Success) // the 20th: first adjustment, shrink limited to ×0.8
	if got := at.Timeout(); got != 400*time.Millisecond {
		t.Errorf("after 20 samples Timeout() = %v, want 400ms", got)
	}
	if len(ch.vs) != 1 || ch.vs[0] != 400*time.Millisecond {
		t.Errorf("events = %v, want [400ms]", ch.vs)
	}
}

// TestConvergesToQuantileTimesHeadroom feeds a log-normal latency
// distribution and checks the timeout settles near p99 × 1.5.
func TestConvergesToQuantileTimesHeadroom(t *testing.T) {
	const (
		med   = 20 * time.Millisecond
		sigma = 0.5
	)
	p99 := time.Duration(float64(med) * math.Exp(sigma*2.3263478740408408))
	want := time.Duration(float64(p99) * 1.5) // ≈ 96ms
	rng := rand.New(rand.NewPCG(3, 4))
	at := adaptive.New(adaptive.Config{Initial: 2 * time.Second})
	var late []float64
	for i := range 20000 {
		call(at, lognormal(rng, med, sigma))
		if i >= 10000 {
			late = append(late, float64(at.Timeout()))
		}
	}
	sort.Float64s(late)
	median := time.Duration(late[len(late)/2])
	if rel := math.Abs(float64(median-want)) / float64(want); rel > 0.08 {
		t.Errorf("settled timeout (median of the second half) = %v, want p99 × 1.5 = %v (±8%%)", median, want)
	}
	lo, hi := time.Duration(late[len(late)/100]), time.Duration(late[len(late)*99/100])
	if float64(lo) < 0.75*float64(want) || float64(hi) > 1.3*float64(want) {
		t.Errorf("timeout wandered over [%v, %v], want within ±25%% of %v", lo, hi, want)
	}
}

func TestRespectsMinMax(t *testing.T) {
	at := adaptive.New(adaptive.Config{Min: 50 * time.Millisecond, Max: 2 * time.Second, Initial: time.Second})
	for range 5000 {
		at.Observe(time.Microsecond, adaptive.Success)
	}
	if got := at.Timeout(); got != 50*time.Millisecond {
		t.Errorf("fast dependency: Timeout() = %v, want Min 50ms", got)
	}
	for range 5000 {
		call(at, time.Hour)
	}
	if got := at.Timeout(); got != 2*time.Second {
		t.Errorf("slow dependency: Timeout() = %v, want Max 2s", got)
	}
	// Initial outside the bounds is clamped.
	if got := adaptive.New(adaptive.Config{Max: time.Second, Initial: time.Hour}).Timeout(); got != time.Second {
		t.Errorf("Initial above Max: Timeout() = %v, want 1s", got)
	}
}

// TestRateLimits checks each adjustment stays within [×0.8, ×2] (and the
// configured factors), down and up.
func TestRateLimits(t *testing.T) {
	for _, tc := range []struct {
		cfg        adaptive.Config
		down, up   float64
		descending int
	}{
		{adaptive.Config{}, 0.8, 2, 0},
		{adaptive.Config{MaxIncrease: 1.25, MaxDecrease: 0.5}, 0.5, 1.25, 0},
	} {
		var ch changes
		cfg := tc.cfg
		cfg.Initial, cfg.Max, cfg.Hook = time.Second, time.Minute, ch.hook
		at := adaptive.New(cfg)
		for range 2000 {
			at.Observe(time.Millisecond, adaptive.Success)
		}
		for range 2000 {
			call(at, 20*time.Second)
		}
		prev := time.Second
		sawDown, sawUp := false, false
		for _, v := range ch.vs {
			r := float64(v) / float64(prev)
			if r < tc.down-1e-9 || r > tc.up+1e-9 {
				t.Errorf("%+v: step %v → %v (×%.3f) outside [×%v, ×%v]", tc.cfg, prev, v, r, tc.down, tc.up)
			}
			sawDown = sawDown || math.Abs(r-tc.down) < 1e-6
			sawUp = sawUp || math.Abs(r-tc.up) < 1e-6
			prev = v
		}
		if !sawDown || !sawUp {
			t.Errorf("%+v: never moved at the full rate limit (down %v, up %v): %v", tc.cfg, sawDown, sawUp, ch.vs)
		}
		if got := at.Timeout(); got < 20*time.Second || got > 45*time.Second {
			t.Errorf("%+v: after the slowdown Timeout() = %v, want about 20s × 1.5", tc.cfg, got)
		}
	}
}

// TestGrowsWhenCallsTimeOut: a dependency slower than the initial timeout
// makes every call time out; the censored samples sit at the timeout, so
// the quantile alone would only creep up by the headroom. The timeout must
// grow by MaxIncrease until calls succeed, then settle near latency × 1.5.
func TestGrowsWhenCallsTimeOut(t *testing.T) {
	var ch changes
	at := adaptive.New(adaptive.Config{Initial: 100 * time.Millisecond, Hook: ch.hook})
	for range 20 {
		call(at, 300*time.Millisecond)
	}
	if got := at.Timeout(); got != 200*time.Millisecond {
		t.Fatalf("after 20 timeouts Timeout() = %v, want 100ms × 2", got)
	}
	for range 16 {
		call(at, 300*time.Millisecond)
	}
	if got := at.Timeout(); got != 400*time.Millisecond {
		t.Fatalf("after 36 timeouts Timeout() = %v, want 400ms", got)
	}
	for range 2000 {
		call(at, 300*time.Millisecond)
	}
	if got := at.Timeout(); math.Abs(float64(got)/float64(450*time.Millisecond)-1) > 0.05 {
		t.Errorf("settled at %v, want 300ms × 1.5 = 450ms", got)
	}
}

func TestIgnoresCanceled(t *testing.T) {
	at := adaptive.New(adaptive.Config{Initial: time.Second})
	for range 1000 {
		at.Observe(time.Millisecond, adaptive.Canceled)
	}
	if got := at.Timeout(); got != time.Second {
		t.Errorf("canceled calls ended warm-up: Timeout() = %v", got)
	}
	for range 2000 {
		at.Observe(100*time.Millisecond, adaptive.Success)
	}
	before := at.Timeout()
	for range 2000 {
		at.Observe(time.Hour, adaptive.Canceled)
		at.Observe(time.Nanosecond, adaptive.Outcome(99))
	}
	if got := at.Timeout(); got != before {
		t.Errorf("canceled calls moved the timeout: %v → %v", before, got)
	}
}

func TestConcurrentUse(t *testing.T) {
	at := adaptive.New(adaptive.Config{Initial: time.Second})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 5000 {
				call(at, lognormal(rng, 10*time.Millisecond, 0.3))
			}
		})
	}
	wg.Wait()
	if got := at.Timeout(); got < 20*time.Millisecond || got > 50*time.Millisecond {
		t.Errorf("Timeout() = %v, want about 10ms × e^(0.3·2.33) × 1.5 ≈ 30ms", got)
	}
}

func TestRTO(t *testing.T) {
	var ch changes
	r := adaptive.NewRTO(adaptive.RTOConfig{Hook: ch.hook})
	if got := r.Timeout(); got != time.Second {
		t.Fatalf("initial = %v, want 1s", got)
	}
	r.Observe(100*time.Millisecond, adaptive.Success) // SRTT 100, RTTVAR 50
	if got := r.Timeout(); got != 300*time.Millisecond {
		t.Errorf("after one sample = %v, want 100 + 4·50 = 300ms", got)
	}
	r.Observe(100*time.Millisecond, adaptive.Success) // RTTVAR 37.5
	if got := r.Timeout(); got != 250*time.Millisecond {
		t.Errorf("after two samples = %v, want 100 + 4·37.5 = 250ms", got)
	}
	r.Observe(180*time.Millisecond, adaptive.Success) // RTTVAR (112.5+80)/4 = 48.125, SRTT 110
	if got := r.Timeout(); got != 110*time.Millisecond+4*48125*time.Microsecond {
		t.Errorf("after three samples = %v, want 110 + 4·48.125 = 302.5ms", got)
	}
	r.Observe(time.Second, adaptive.TimedOut)
	r.Observe(time.Second, adaptive.TimedOut)
	if got := r.Timeout(); got != 1210*time.Millisecond {
		t.Errorf("after two timeouts = %v, want 302.5ms × 4 = 1.21s", got)
	}
	r.Observe(time.Hour, adaptive.Canceled)
	if got := r.Timeout(); got != 1210*time.Millisecond {
		t.Errorf("a canceled call moved it to %v", got)
	}
	r.Observe(110*time.Millisecond, adaptive.Success) // back from SRTT/RTTVAR, timeouts never sampled
	if got := r.Timeout(); got > 300*time.Millisecond {
		t.Errorf("after a clean sample = %v, want recomputed (< 300ms)", got)
	}
	for range 100 {
		r.Observe(time.Hour, adaptive.TimedOut)
	}
	if got := r.Timeout(); got != adaptive.DefaultRTOMax {
		t.Errorf("backoff capped at %v, want Max", got)
	}
	for range 1000 {
		r.Observe(0, adaptive.Success)
	}
	if got := r.Timeout(); got != adaptive.DefaultRTOMin {
		t.Errorf("floor = %v, want Min", got)
	}
	if len(ch.vs) == 0 {
		t.Error("no AdaptiveChanged events")
	}
}

func TestNoAllocs(t *testing.T) {
	at := adaptive.New(adaptive.Config{})
	r := adaptive.NewRTO(adaptive.RTOConfig{})
	i := 0
	if a := testing.AllocsPerRun(10000, func() {
		i++
		at.Observe(time.Duration(i%1000)*time.Millisecond, adaptive.Outcome(i%3))
		_ = at.Timeout()
		r.Observe(time.Duration(i%1000)*time.Millisecond, adaptive.Outcome(i%3))
		_ = r.Timeout()
	}); a != 0 {
		t.Errorf("%v allocs per Observe+Timeout, want 0", a)
	}
}

func BenchmarkTimeout(b *testing.B) {
	at := adaptive.New(adaptive.Config{Initial: time.Second})
	rng := rand.New(rand.NewPCG(1, 1))
	lat := make([]time.Duration, 4096)
	for i := range lat {
		lat[i] = lognormal(rng, 20*time.Millisecond, 0.5)
	}
	b.Run("Observe", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			at.Observe(lat[i&4095], adaptive.Success)
			i++
		}
	})
	b.Run("Timeout", func(b *testing.B) {
		b.ReportAllocs()
		var sink time.Duration
		for b.Loop() {
			sink += at.Timeout()
		}
		_ = sink
	})
	b.Run("Observe/parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				at.Observe(lat[i&4095], adaptive.Success)
				i++
			}
		})
	})
}

func BenchmarkRTO(b *testing.B) {
	r := adaptive.NewRTO(adaptive.RTOConfig{})
	b.Run("Observe", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			r.Observe(time.Duration(i%64)*time.Millisecond, adaptive.Success)
			i++
		}
	})
	b.Run("Timeout", func(b *testing.B) {
		b.ReportAllocs()
		var sink time.Duration
		for b.Loop() {
			sink += r.Timeout()
		}
		_ = sink
	})
}

// TestHugeMaxStillGrows: with a Max near the largest Duration, growing by
// MaxIncrease overflows int64; the timeout must saturate at Max, not wrap
// around to Min.
func TestHugeMaxStillGrows(t *testing.T) {
	for _, max := range []time.Duration{math.MaxInt64, math.MaxInt64 / 3 * 2} {
		initial := max / 4
		at := adaptive.New(adaptive.Config{Max: max, Initial: initial})
		for range 200 {
			at.Observe(at.Timeout(), adaptive.TimedOut)
			if got := at.Timeout(); got < initial {
				t.Fatalf("Max %v: every call timed out, yet the timeout fell to %v", max, got)
			}
		}
		if got := at.Timeout(); got != max {
			t.Errorf("Max %v: Timeout() = %v, want Max", max, got)
		}
	}
}

// TestTimedOutCountedAtTimeoutInForce: a timed-out call is a censored
// sample at the timeout in force, whatever duration the caller measured.
func TestTimedOutCountedAtTimeoutInForce(t *testing.T) {
	at := adaptive.New(adaptive.Config{Initial: 100 * time.Millisecond})
	for range 20 {
		at.Observe(time.Millisecond, adaptive.TimedOut) // measured short, e.g. a coarse clock
	}
	if got := at.Timeout(); got != 200*time.Millisecond {
		t.Errorf("after 20 timeouts reported at 1ms, Timeout() = %v, want 100ms × 2", got)
	}
}

// TestRTOHugeAndNegativeSamples: samples beyond any sane latency must not
// overflow SRTT + 4·RTTVAR into a tiny timeout, and negative ones count as 0.
func TestRTOHugeAndNegativeSamples(t *testing.T) {
	r := adaptive.NewRTO(adaptive.RTOConfig{Max: math.MaxInt64})
	for _, d := range []time.Duration{math.MaxInt64, math.MaxInt64 / 2, math.MaxInt64} {
		r.Observe(d, adaptive.Success)
		if got := r.Timeout(); got < 24*time.Hour {
			t.Fatalf("after a %v sample Timeout() = %v, want huge", d, got)
		}
	}
	r = adaptive.NewRTO(adaptive.RTOConfig{})
	r.Observe(-time.Hour, adaptive.Success)
	if got := r.Timeout(); got != adaptive.DefaultRTOMin {
		t.Errorf("after a negative sample Timeout() = %v, want Min", got)
	}
	for range 100 {
		r.Observe(math.MaxInt64, adaptive.TimedOut)
	}
	if got := r.Timeout(); got != adaptive.DefaultRTOMax {
		t.Errorf("after many timeouts Timeout() = %v, want Max", got)
	}
}
