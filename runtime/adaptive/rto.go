package adaptive

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// Defaults of RTOConfig's zero fields.
const (
	DefaultRTOInitial = time.Second
	DefaultRTOMin     = 10 * time.Millisecond
	DefaultRTOMax     = 60 * time.Second
)

// maxRTOSample bounds the samples an RTO uses: about 13 days, so that no
// step of its arithmetic can overflow a Duration.
const maxRTOSample = time.Duration(math.MaxInt64 / 8)

// RTOConfig configures an RTO. The zero RTOConfig is valid: every zero
// field means its documented default. NewRTO copies it.
type RTOConfig struct {
	// Initial is the timeout before the first sample; default 1 s (RFC 6298).
	Initial time.Duration
	// Min floors the timeout; default 10 ms (TCP's 1 s floor is too coarse
	// for RPCs).
	Min time.Duration
	// Max caps the timeout, also after backing off; default 60 s.
	Max time.Duration
	// Hook receives an AdaptiveChanged event each time the timeout moves.
	Hook deadline.Hook
	// Dependency names the dependency in events.
	Dependency string
}

// RTO is an RFC 6298 retransmission-timeout style estimator:
// timeout = SRTT + 4·RTTVAR with gains α = 1/8 and β = 1/4, kept within
// [Min, Max]. Each timed-out call doubles the timeout (up to Max) until a
// successful sample arrives, which recomputes it from the smoothed
// estimates; timed-out and canceled calls never update SRTT (Karn's rule:
// their latency is unknown). Suited to low-traffic dependencies.
//
// Make an RTO with NewRTO; the zero RTO is not usable (its timeout is 0).
// An RTO is safe for concurrent use. Timeout is a single atomic load;
// Observe takes a short mutex. Neither allocates.
type RTO struct {
	cur        atomic.Int64
	min, max   time.Duration
	hook       deadline.Hook
	dependency string

	mu           sync.Mutex
	srtt, rttvar time.Duration
	sampled      bool
}

// NewRTO returns an RTO configured by c; see RTOConfig for the defaults of
// zero fields.
func NewRTO(c RTOConfig) *RTO {
	r := &RTO{min: c.Min, max: c.Max, hook: c.Hook, dependency: c.Dependency}
	if r.min <= 0 {
		r.min = DefaultRTOMin
	}
	if r.max <= 0 {
		r.max = DefaultRTOMax
	}
	r.max = max(r.max, r.min)
	initial := c.Initial
	if initial <= 0 {
		initial = DefaultRTOInitial
	}
	r.cur.Store(int64(r.clamp(initial)))
	return r
}

func (r *RTO) clamp(d time.Duration) time.Duration { return min(max(d, r.min), r.max) }

// Timeout returns the timeout in force.
func (r *RTO) Timeout() time.Duration { return time.Duration(r.cur.Load()) }

// Observe records a finished call. Success updates SRTT and RTTVAR and
// recomputes the timeout; TimedOut doubles it; Canceled is dropped.
func (r *RTO) Observe(d time.Duration, o Outcome) {
	if o != Success && o != TimedOut {
		return
	}
	// Bound the sample so that 7·SRTT and SRTT + 4·RTTVAR cannot overflow
	// (a wrapped sum would collapse the timeout to Min).
	d = min(max(d, 0), maxRTOSample)
	r.mu.Lock()
	old := r.Timeout()
	var next time.Duration
	if o == TimedOut {
		next = r.clamp(min(old, r.max/2+1) * 2)
	} else {
		if !r.sampled {
			r.srtt, r.rttvar, r.sampled = d, d/2, true
		} else {
			diff := r.srtt - d
			if diff < 0 {
				diff = -diff
			}
			r.rttvar = (3*r.rttvar + diff) / 4 // β = 1/4
			r.srtt = (7*r.srtt + d) / 8        // α = 1/8
		}
		next = r.clamp(r.srtt + 4*r.rttvar)
	}
	r.cur.Store(int64(next))
	r.mu.Unlock()
	if next != old && r.hook != nil {
		r.hook.Emit(context.Background(), deadline.Event{
			Dependency: r.dependency,
			Kind:       deadline.AdaptiveChanged,
			Configured: next,
		})
	}
}
