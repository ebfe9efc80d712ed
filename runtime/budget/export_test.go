package budget

import "time"

// WithRand replaces Retry's random source (uniform in [0, 1)); tests only.
func WithRand(f func() float64) Option { return func(o *options) { o.rand = f } }

// SetClock replaces a Ratio's monotonic clock; tests only.
func (r *Ratio) SetClock(now func() time.Duration) {
	r.mu.Lock()
	r.now = func() int64 { return int64(now() / time.Second) }
	r.mu.Unlock()
}

// BackoffCeil returns Retry's full-jitter wait before retry k with the
// random source fixed at r; tests only.
func BackoffCeil(base, max time.Duration, k int, r float64) time.Duration {
	o := options{base: base, max: max, rand: func() float64 { return r }}
	o.max = maxDuration(o.max, o.base)
	return o.backoff(k)
}

func maxDuration(a, b time.Duration) time.Duration { return max(a, b) }
