package adaptive

import (
	"context"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// Outcome classifies one observed call. It is a plain value.
type Outcome uint8

// The outcomes of a call.
const (
	// Success: the call completed before its timeout, with or without an
	// error; its duration is a latency sample.
	Success Outcome = iota
	// TimedOut: the call hit the timeout in force; its latency is only
	// known to be at least that timeout (a censored sample).
	TimedOut
	// Canceled: the caller gave up (canceled, or its own deadline came
	// first); the sample says nothing about latency and is dropped.
	Canceled
)

// Estimator is a timeout that learns from observed calls. Timeout and
// RTO implement it; implementations must be safe for concurrent use.
type Estimator interface {
	// Timeout returns the timeout to use for the next call.
	Timeout() time.Duration
	// Observe records a finished call: its duration and outcome.
	Observe(d time.Duration, o Outcome)
}

// Defaults of Config's zero fields.
const (
	DefaultQuantile    = 0.99
	DefaultHeadroom    = 1.5
	DefaultMin         = time.Millisecond
	DefaultMax         = 30 * time.Second
	DefaultWindow      = 512
	DefaultMinSamples  = 20
	DefaultEvery       = 16
	DefaultMaxIncrease = 2.0
	DefaultMaxDecrease = 0.8
	maxWindow          = 1 << 16
)

// Config configures a Timeout. The zero Config is valid: every zero field
// means its documented default, and the result is always bounded by Max.
// New copies it; a Config may be shared while nobody modifies it.
type Config struct {
	// Quantile of the latency window the timeout is based on, in (0, 1);
	// default 0.99.
	Quantile float64
	// Headroom multiplies the quantile, ≥ 1; default 1.5.
	Headroom float64
	// Min and Max bound the timeout; defaults 1 ms and 30 s. Set Min to a
	// value below which a call is never worth cutting short (for example
	// Initial/2): it keeps a fast spell from collapsing the timeout into a
	// fast-fail loop. A Max below Min is raised to Min.
	Min, Max time.Duration
	// Initial is the timeout until MinSamples samples have arrived; default
	// Max (never cut a call short before its latency is known). It is kept
	// within [Min, Max].
	Initial time.Duration
	// Window is the number of recent samples kept; default 512, at most
	// 65536, at least MinSamples.
	Window int
	// MinSamples is the number of samples before the first adjustment;
	// default 20.
	MinSamples int
	// Every is the number of samples between adjustments; default 16.
	Every int
	// MaxIncrease and MaxDecrease limit one adjustment to
	// [current × MaxDecrease, current × MaxIncrease]; defaults 2 (grow fast)
	// and 0.8 (shrink slowly). MaxIncrease is also the growth step when too
	// many calls time out. MaxIncrease < 1 means the default; MaxDecrease
	// outside (0, 1] means the default.
	MaxIncrease, MaxDecrease float64
	// Hook receives an AdaptiveChanged event each time the timeout moves
	// (with context.Background(), on the goroutine that called Observe).
	Hook deadline.Hook
	// Dependency names the dependency in events.
	Dependency string
}

// Histogram layout: latencies in units of 1.024 µs (ns >> 10), 16 linear
// sub-buckets per power of two (≤ 6.25 % wide), up to ~19.5 hours.
const (
	unitShift = 10
	subBits   = 4
	subCount  = 1 << subBits
	nBuckets  = (37-subBits)*subCount + subCount // values up to 2^37 units
	censorBit = 1 << 15                          // ring entry flag: censored
)

// bucketOf returns the histogram bucket of d (d ≥ 0).
func bucketOf(d time.Duration) int {
	v := uint64(d) >> unitShift
	if v < subCount {
		return int(v)
	}
	n := bits.Len64(v) // ≥ subBits+1
	shift := n - subBits - 1
	i := (n-subBits)*subCount + int((v>>shift)&(subCount-1))
	return min(i, nBuckets-1)
}

// valueOf returns the midpoint of bucket i.
func valueOf(i int) time.Duration {
	if i < subCount {
		return time.Duration(uint64(i)<<unitShift + 1<<(unitShift-1))
	}
	n := i/subCount + subBits
	shift := n - subBits - 1
	lo := uint64(subCount+i%subCount) << shift
	return time.Duration((lo<<unitShift + (1<<shift)<<(unitShift-1)))
}

// Timeout is a latency-quantile adaptive timeout; see the package doc.
//
// Make a Timeout with New; the zero Timeout is not usable. A Timeout is
// safe for concurrent use. Timeout is a single atomic load;
// Observe takes a short mutex, does O(1) work and, every Every samples, one
// pass over the occupied part of a fixed histogram. Neither allocates.
type Timeout struct {
	cur atomic.Int64 // the timeout in force, ns

	q, headroom      float64
	min, max         time.Duration
	minSamples       int
	every            int
	incr, decr       float64
	hook             deadline.Hook
	dependency       string
	maxIdx           int
	censoredFraction float64 // 1 − q

	mu    sync.Mutex
	ring  []uint16 // bucket index | censorBit
	pos   int      // next ring slot
	n     int      // samples in the ring
	since int      // samples since the last adjustment
	hi    int      // no sample above this bucket
	hist  [nBuckets]uint32
	cens  [nBuckets]uint32
}

// New returns a Timeout configured by c; see Config for the defaults of
// zero fields.
func New(c Config) *Timeout {
	t := &Timeout{
		q:          c.Quantile,
		headroom:   c.Headroom,
		min:        c.Min,
		max:        c.Max,
		minSamples: c.MinSamples,
		every:      c.Every,
		incr:       c.MaxIncrease,
		decr:       c.MaxDecrease,
		hook:       c.Hook,
		dependency: c.Dependency,
	}
	if !(t.q > 0 && t.q < 1) {
		t.q = DefaultQuantile
	}
	if !(t.headroom >= 1) || math.IsInf(t.headroom, 0) {
		t.headroom = DefaultHeadroom
	}
	if t.min <= 0 {
		t.min = DefaultMin
	}
	if t.max <= 0 {
		t.max = DefaultMax
	}
	t.max = max(t.max, t.min)
	if t.minSamples <= 0 {
		t.minSamples = DefaultMinSamples
	}
	if t.every <= 0 {
		t.every = DefaultEvery
	}
	if !(t.incr >= 1) || math.IsInf(t.incr, 0) {
		t.incr = DefaultMaxIncrease
	}
	if !(t.decr > 0 && t.decr <= 1) {
		t.decr = DefaultMaxDecrease
	}
	window := c.Window
	if window <= 0 {
		window = DefaultWindow
	}
	t.minSamples = min(t.minSamples, maxWindow)
	window = min(max(window, t.minSamples), maxWindow)
	t.ring = make([]uint16, window)
	t.maxIdx = bucketOf(t.max)
	t.censoredFraction = 1 - t.q
	initial := c.Initial
	if initial <= 0 {
		initial = t.max
	}
	t.cur.Store(int64(min(max(initial, t.min), t.max)))
	return t
}

// Timeout returns the timeout in force. It is a single atomic load.
func (t *Timeout) Timeout() time.Duration { return time.Duration(t.cur.Load()) }

// Observe records a finished call of duration d. A TimedOut call is counted
// at the timeout in force (or d, if longer); a Canceled call is dropped.
// Negative durations count as zero.
func (t *Timeout) Observe(d time.Duration, o Outcome) {
	var entry uint16
	switch o {
	case Success:
	case TimedOut:
		d = max(d, t.Timeout())
		entry = censorBit
	default:
		return
	}
	idx := min(bucketOf(max(d, 0)), t.maxIdx)
	entry |= uint16(idx)

	t.mu.Lock()
	if t.n == len(t.ring) {
		old := t.ring[t.pos]
		oi := old &^ censorBit
		t.hist[oi]--
		if old&censorBit != 0 {
			t.cens[oi]--
		}
	} else {
		t.n++
	}
	t.ring[t.pos] = entry
	if t.pos++; t.pos == len(t.ring) {
		t.pos = 0
	}
	t.hist[idx]++
	if entry&censorBit != 0 {
		t.cens[idx]++
	}
	t.hi = max(t.hi, idx)
	t.since++
	if t.since < t.every || t.n < t.minSamples {
		t.mu.Unlock()
		return
	}
	t.since = 0
	old, next := t.adjust()
	t.mu.Unlock()
	if next != old && t.hook != nil {
		t.hook.Emit(context.Background(), deadline.Event{
			Dependency: t.dependency,
			Kind:       deadline.AdaptiveChanged,
			Configured: next,
		})
	}
}

// adjust recomputes the timeout from the window. t.mu must be held.
func (t *Timeout) adjust() (old, next time.Duration) {
	old = t.Timeout()
	curIdx := bucketOf(old)
	// The quantile sample has rank ceil(q·n); walking down from the top,
	// it is the first bucket that takes the count above n − rank.
	above := t.n - int(math.Ceil(t.q*float64(t.n)))
	for t.hi > 0 && t.hist[t.hi] == 0 {
		t.hi--
	}
	acc, censored, qIdx := 0, 0, -1
	for i := t.hi; i >= 0 && (qIdx < 0 || i >= curIdx); i-- {
		if i >= curIdx {
			censored += int(t.cens[i])
		}
		if qIdx < 0 {
			if acc += int(t.hist[i]); acc > above {
				qIdx = i
			}
		}
	}
	var target float64
	if float64(censored) >= t.censoredFraction*float64(t.n) {
		// Too many calls are known to take at least the current timeout:
		// the quantile is biased low. Grow.
		target = float64(old) * t.incr
	} else {
		target = float64(valueOf(max(qIdx, 0))) * t.headroom
	}
	target = min(max(target, math.Ceil(float64(old)*t.decr)), math.Floor(float64(old)*t.incr))
	next = t.bound(target)
	t.cur.Store(int64(next))
	return old, next
}

// bound converts target (ns) to a Duration within [Min, Max]. The clamp is
// done in floating point first: old × MaxIncrease may exceed the range of
// a Duration, and converting such a float to an integer is undefined (on
// amd64 it wraps to the most negative Duration, which would collapse the
// timeout to Min exactly when it should grow).
func (t *Timeout) bound(target float64) time.Duration {
	switch {
	case !(target < float64(t.max)): // also NaN
		return t.max
	case target <= float64(t.min):
		return t.min
	}
	return min(max(time.Duration(target), t.min), t.max)
}
