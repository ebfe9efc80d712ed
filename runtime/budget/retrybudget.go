package budget

import (
	"iter"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// RetryBudget caps retries at a share of requests to one dependency, so a
// struggling dependency is not buried under retries. Implementations are
// [Ratio] and [TokenBucket]; scope one budget per dependency with a
// [Registry], never one per process.
//
// Implementations must be safe for concurrent use, and Allow must not
// allocate.
type RetryBudget interface {
	// Allow is the first of two steps, called before every attempt; retry
	// says whether the attempt is a retry. A first attempt is always
	// allowed (and earns credit where the budget works that way). A retry
	// is refused with ErrBudgetExhausted when the budget is spent; a
	// refusal only suppresses that new attempt, never one in flight.
	//
	// When err is nil, done is the second step: call it once the attempt
	// ends, with nil on success or with the error of a failure the budget
	// should count (a retryable failure). An outcome that is neither (say a
	// non-retryable "not found") may skip done.
	Allow(retry bool) (done func(err error), err error)

	// Level reports the budget's current state, for metrics and logs.
	Level() Level
}

// Level is a snapshot of a retry budget: a plain value, safe to copy and
// share.
type Level struct {
	// Allowing reports whether a retry would be allowed now.
	Allowing bool
	// Available is the budget's headroom: for a Ratio, how many retries the
	// window can still pay for; for a TokenBucket, how many tokens remain
	// above the half-full line below which retries are refused.
	Available float64
	// Allowed and Denied count retries since the budget was created.
	Allowed, Denied uint64
}

// scale is the fixed-point factor of budget arithmetic: one request
// deposit, one retry withdrawal or one token is worth scale units.
const scale = 1000

// RatioConfig configures a Ratio budget. Each zero field means its
// documented default (Finagle's and Linkerd's). NewRatio copies it; a
// RatioConfig may be shared while nobody modifies it.
type RatioConfig struct {
	// Ratio is the number of retries allowed per request in the window;
	// default 0.2 (20 %). A negative Ratio means 0: only the MinPerSecond
	// reserve may retry.
	Ratio float64
	// MinPerSecond is a reserve of retries per second that low-traffic
	// callers may spend whatever the ratio; default 10. A negative value
	// means no reserve.
	MinPerSecond int
	// Window is how long requests and retries are remembered, rounded up to
	// whole seconds and kept within [1 s, 60 s]; default 10 s.
	Window time.Duration
}

// Ratio is a retry budget that allows, over a sliding time window, up to
// Ratio retries per request plus a reserve of MinPerSecond retries per
// second: allowed = MinPerSecond·window + Ratio·requests − retries. It keeps
// a ring of per-second buckets, so old traffic expires and a quiet
// dependency can still retry.
//
// Make a Ratio with NewRatio; the zero Ratio is not usable. A Ratio is
// safe for concurrent use. Its Allow takes a short mutex and does
// not allocate.
type Ratio struct {
	deposit int64 // units earned by one request
	reserve int64 // units always available in the window

	mu      sync.Mutex
	now     func() int64 // the current second; tests replace it
	head    int64        // the second of ring[head%len(ring)]
	ring    []ratioBucket
	earned  int64 // sum of ring[].earned
	spent   int64 // sum of ring[].spent
	allowed atomic.Uint64
	denied  atomic.Uint64
	doneFn  func(error)
}

type ratioBucket struct{ earned, spent int64 }

// NewRatio returns a Ratio budget configured by c; see RatioConfig for the
// defaults of zero fields.
func NewRatio(c RatioConfig) *Ratio {
	ratio := c.Ratio
	switch {
	case ratio == 0:
		ratio = 0.2
	case ratio < 0 || math.IsNaN(ratio):
		ratio = 0
	}
	perSec := c.MinPerSecond
	switch {
	case perSec == 0:
		perSec = 10
	case perSec < 0:
		perSec = 0
	}
	secs := int64(10)
	if c.Window > 0 {
		secs = int64((c.Window + time.Second - 1) / time.Second)
		secs = min(max(secs, 1), 60)
	}
	r := &Ratio{
		deposit: int64(math.Round(min(ratio, 1e6) * scale)),
		reserve: int64(perSec) * secs * scale,
		now:     newCoarseClock().second,
		ring:    make([]ratioBucket, secs),
		doneFn:  func(error) {},
	}
	return r
}

// advance moves the ring to the current second, expiring buckets that fell
// out of the window. r.mu must be held.
func (r *Ratio) advance() *ratioBucket {
	sec := r.now()
	n := int64(len(r.ring))
	if sec > r.head {
		if sec-r.head >= n {
			clear(r.ring)
			r.earned, r.spent = 0, 0
		} else {
			for s := r.head + 1; s <= sec; s++ {
				b := &r.ring[s%n]
				r.earned -= b.earned
				r.spent -= b.spent
				*b = ratioBucket{}
			}
		}
		r.head = sec
	}
	return &r.ring[r.head%n]
}

// Deposit records one request (a first attempt), earning Ratio retries.
func (r *Ratio) Deposit() {
	r.mu.Lock()
	b := r.advance()
	b.earned += r.deposit
	r.earned += r.deposit
	r.mu.Unlock()
}

// TryRetry reports whether a retry may start now and, if so, spends it.
func (r *Ratio) TryRetry() bool {
	r.mu.Lock()
	b := r.advance()
	ok := r.reserve+r.earned-r.spent >= scale
	if ok {
		b.spent += scale
		r.spent += scale
	}
	r.mu.Unlock()
	if ok {
		r.allowed.Add(1)
	} else {
		r.denied.Add(1)
	}
	return ok
}

// Allow implements RetryBudget: a first attempt deposits, a retry is
// TryRetry. The returned done does nothing (a Ratio ignores outcomes).
func (r *Ratio) Allow(retry bool) (func(error), error) {
	if !retry {
		r.Deposit()
		return r.doneFn, nil
	}
	if !r.TryRetry() {
		return nil, ErrBudgetExhausted
	}
	return r.doneFn, nil
}

// Level implements RetryBudget. Available is the number of retries the
// window can still pay for.
func (r *Ratio) Level() Level {
	r.mu.Lock()
	r.advance()
	bal := r.reserve + r.earned - r.spent
	r.mu.Unlock()
	return Level{
		Allowing:  bal >= scale,
		Available: float64(bal) / scale,
		Allowed:   r.allowed.Load(),
		Denied:    r.denied.Load(),
	}
}

// TokenConfig configures a TokenBucket. Each zero field means its
// documented default (the gRPC retry-throttling example). NewTokenBucket
// copies it; a TokenConfig may be shared while nobody modifies it.
type TokenConfig struct {
	// MaxTokens is the bucket's size, kept within (0, 1000]; default 10.
	MaxTokens float64
	// TokenRatio is what a success adds back, kept within (0, MaxTokens];
	// default 0.1.
	TokenRatio float64
}

// TokenBucket is a gRPC-style retry throttle. Tokens start at MaxTokens;
// each counted failure takes one token (floor 0), each success adds
// TokenRatio (capped at MaxTokens), and a retry is allowed only while more
// than MaxTokens/2 tokens remain. It has no notion of time, which suits
// bursty low-traffic callers.
//
// Make a TokenBucket with NewTokenBucket; the zero TokenBucket is not
// usable. A TokenBucket is safe for concurrent use and lock-free; Allow does not
// allocate.
type TokenBucket struct {
	max, ratio int64 // in 1/scale tokens
	tokens     atomic.Int64
	allowed    atomic.Uint64
	denied     atomic.Uint64
	doneFn     func(error)
}

// NewTokenBucket returns a TokenBucket configured by c; see TokenConfig for
// the defaults of zero fields.
func NewTokenBucket(c TokenConfig) *TokenBucket {
	mt := c.MaxTokens
	if !(mt > 0) { // also catches NaN
		mt = 10
	}
	mt = min(mt, 1000)
	tr := c.TokenRatio
	if !(tr > 0) {
		tr = 0.1
	}
	tr = min(tr, mt)
	b := &TokenBucket{
		max:   int64(math.Round(mt * scale)),
		ratio: max(int64(math.Round(tr*scale)), 1),
	}
	b.tokens.Store(b.max)
	b.doneFn = b.record
	return b
}

// Success adds TokenRatio tokens, up to MaxTokens.
func (b *TokenBucket) Success() {
	for {
		t := b.tokens.Load()
		n := min(t+b.ratio, b.max)
		if n == t || b.tokens.CompareAndSwap(t, n) {
			return
		}
	}
}

// Failure takes one token, down to zero.
func (b *TokenBucket) Failure() {
	for {
		t := b.tokens.Load()
		n := max(t-scale, 0)
		if n == t || b.tokens.CompareAndSwap(t, n) {
			return
		}
	}
}

// TryRetry reports whether a retry may start now: more than half the
// tokens remain. A retry spends nothing; its failure will.
func (b *TokenBucket) TryRetry() bool {
	ok := 2*b.tokens.Load() > b.max
	if ok {
		b.allowed.Add(1)
	} else {
		b.denied.Add(1)
	}
	return ok
}

func (b *TokenBucket) record(err error) {
	if err == nil {
		b.Success()
	} else {
		b.Failure()
	}
}

// Allow implements RetryBudget. done(nil) is Success, done(err) Failure.
func (b *TokenBucket) Allow(retry bool) (func(error), error) {
	if retry && !b.TryRetry() {
		return nil, ErrBudgetExhausted
	}
	return b.doneFn, nil
}

// Tokens returns the current number of tokens.
func (b *TokenBucket) Tokens() float64 { return float64(b.tokens.Load()) / scale }

// Level implements RetryBudget. Available is the tokens above MaxTokens/2.
func (b *TokenBucket) Level() Level {
	t := b.tokens.Load()
	return Level{
		Allowing:  2*t > b.max,
		Available: float64(2*t-b.max) / (2 * scale),
		Allowed:   b.allowed.Load(),
		Denied:    b.denied.Load(),
	}
}

// Registry holds one RetryBudget per dependency name, created on first use,
// so that one dependency's failures never spend another's budget.
//
// Make a Registry with NewRegistry; the zero Registry is not usable. A
// Registry is safe for concurrent use; Get does not allocate once the
// dependency's budget exists.
type Registry struct {
	newBudget func(dependency string) RetryBudget
	m         sync.Map // string → RetryBudget
}

// NewRegistry returns a Registry that makes each dependency's budget with
// newBudget. A nil newBudget makes a Ratio with the default RatioConfig.
func NewRegistry(newBudget func(dependency string) RetryBudget) *Registry {
	if newBudget == nil {
		newBudget = func(string) RetryBudget { return NewRatio(RatioConfig{}) }
	}
	return &Registry{newBudget: newBudget}
}

// Get returns the budget of dependency, creating it on first use.
func (r *Registry) Get(dependency string) RetryBudget {
	if b, ok := r.m.Load(dependency); ok {
		return b.(RetryBudget)
	}
	b, _ := r.m.LoadOrStore(dependency, r.newBudget(dependency))
	return b.(RetryBudget)
}

// All yields every dependency and its budget, in no particular order; use
// it to export budget levels as metrics.
func (r *Registry) All() iter.Seq2[string, RetryBudget] {
	return func(yield func(string, RetryBudget) bool) {
		r.m.Range(func(k, v any) bool { return yield(k.(string), v.(RetryBudget)) })
	}
}
