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
