package deadline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"time"
)

// Defaults of a Transport whose fields are zero.
const (
	DefaultReserve   = 5 * time.Millisecond // transit reserve kept from each call
	DefaultMinUseful = time.Millisecond     // shortest call worth sending
)

// ErrBudgetExhausted is wrapped by the error a Transport returns when the
// remaining budget cannot fit a useful call, so the request was not sent.
// That error also satisfies errors.Is(err, context.DeadlineExceeded).
var ErrBudgetExhausted = errors.New("deadline budget exhausted before sending")

// Transport is an http.RoundTripper that spends only the caller's remaining
// budget. For each request it takes the context's remaining time less
// Reserve, capped by PerCall, and then:
//
//   - if that is less than MinUseful, it fails at once without sending,
//     with an error wrapping ErrBudgetExhausted and
//     context.DeadlineExceeded (a PredictedExhaustion Event);
//   - otherwise it sends the request under a context bounded by that time,
//     with the Header set to it (Set, never Add), and keeps that context
//     alive until the response body is read to EOF or closed.
//
// A request with neither a deadline nor PerCall is sent unbounded, without
// the Header. The Header is always rewritten from the context: a copy of an
// inbound one is never forwarded. The caller's request is not modified.
//
// A Transport is safe for concurrent use if its fields are not changed
// after first use, and Base and Hook are safe for concurrent use.
type Transport struct {
	// Base sends the requests. Nil means http.DefaultTransport.
	Base http.RoundTripper
	// Reserve is kept back from the remaining budget for the response to
	// travel back and for the caller to handle it. Zero means
	// DefaultReserve (5ms); negative means none.
	Reserve time.Duration
	// MinUseful is the shortest call worth sending. Zero means
	// DefaultMinUseful (1ms); negative means any positive time.
	MinUseful time.Duration
	// PerCall caps each call, whatever the remaining budget. Zero or
	// negative means no cap beyond the budget.
	PerCall time.Duration

	// Hook receives an Event when a call is refused or times out.
	Hook Hook
	// Dependency names the server in Events. Empty means the URL's host.
	Dependency string
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := ctx.Err(); err != nil {
		closeBody(req)
		return nil, err
	}
	start := time.Now()
	budget, bounded := t.budget(ctx, start)
	if !bounded {
		return t.base().RoundTrip(withHeader(req, ctx, ""))
	}
	if budget < t.minUseful() {
		closeBody(req)
		rem, _ := Remaining(ctx)
		err := &exhaustedError{budget: budget, need: t.minUseful()}
		t.emit(ctx, req, PredictedExhaustion, budget, rem, start, err)
		return nil, err
	}
	callCtx, cancel := context.WithDeadline(ctx, start.Add(budget))
	var buf [MaxHeaderDigits]byte
	resp, err := t.base().RoundTrip(withHeader(req, callCtx, string(AppendHeader(buf[:0], budget))))
	if err != nil {
		cancel()
		if t.Hook != nil && errors.Is(callCtx.Err(), context.DeadlineExceeded) {
			kind := AttemptTimeout // our reserve or PerCall cut it short
			if ctx.Err() != nil {
				kind = DeadlineExceeded
			}
			rem, _ := Remaining(ctx)
			t.emit(ctx, req, kind, budget, rem, start, err)
		}
		return nil, err
	}
	if resp.Body == nil { // some RoundTrippers (mostly fakes) leave it nil
		resp.Body = http.NoBody
	}
	resp.Body = wrapBody(resp.Body, cancel)
	return resp, nil
}

// budget returns the time the next call may take, and false when nothing
// bounds it.
func (t *Transport) budget(ctx context.Context, now time.Time) (time.Duration, bool) {
	var b time.Duration
	dl, bounded := ctx.Deadline()
	if bounded {
		// dl.Sub saturates for far-away deadlines; do not let the
		// reserve wrap a far-past one around to a huge budget.
		left, r := dl.Sub(now), t.reserve()
		if left < math.MinInt64+r {
			b = math.MinInt64
		} else {
			b = left - r
		}
	}
	if t.PerCall > 0 && (!bounded || t.PerCall < b) {
		b, bounded = t.PerCall, true
	}
	return b, bounded
}

func (t *Transport) base() http.RoundTripper {
	if t.Base != nil {
		return t.Base
	}
	return http.DefaultTransport
}

func (t *Transport) reserve() time.Duration {
	switch {
	case t.Reserve == 0:
		return DefaultReserve
	case t.Reserve < 0:
		return 0
	}
	return t.Reserve
}

func (t *Transport) minUseful() time.Duration {
	switch {
	case t.MinUseful == 0:
		return DefaultMinUseful
	case t.MinUseful < 0:
		return 1 // any positive budget
	}
	return t.MinUseful
}

// emit reports one decision about req, if there is a hook.
func (t *Transport) emit(ctx context.Context, req *http.Request, k Kind, configured, remaining time.Duration, start time.Time, err error) {
	if t.Hook == nil {
		return
	}
	dep := t.Dependency
	if dep == "" && req.URL != nil {
		dep = req.URL.Host
	}
	op := req.Method + " /"
	if req.URL != nil && req.URL.Path != "" {
		op = req.Method + " " + req.URL.Path
	}
	t.Hook.Emit(ctx, Event{
		Dependency: dep,
		Operation:  op,
		Kind:       k,
		Configured: configured,
		Remaining:  remaining,
		Elapsed:    time.Since(start),
		Err:        err,
	})
}

// withHeader returns a shallow copy of req that uses ctx and carries
// value as its only Header value, or no Header when value is empty. The
// header map is new; the value slices are shared, read-only, with req.
//
// Keys are matched case-insensitively: a header map filled by hand may
// hold a non-canonical spelling, which net/http would send as it is.
func withHeader(req *http.Request, ctx context.Context, value string) *http.Request {
	if value == "" && ctx == req.Context() && !hasHeader(req.Header) {
		return req
	}
	r := req.WithContext(ctx)
	h := make(http.Header, len(req.Header)+1)
	for k, v := range req.Header {
		if !isHeaderKey(k) {
			h[k] = v
		}
	}
	if value != "" {
		h[Header] = []string{value}
	}
	r.Header = h
	return r
}

// hasHeader reports whether h holds the deadline header in any spelling.
func hasHeader(h http.Header) bool {
	if _, ok := h[Header]; ok {
		return true
	}
	for k := range h {
		if isHeaderKey(k) {
			return true
		}
	}
	return false
}

func isHeaderKey(k string) bool {
	return len(k) == len(Header) && (k == Header || strings.EqualFold(k, Header))
}

// closeBody closes the body of a request that will not be sent, as the
// http.RoundTripper contract requires.
func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

// exhaustedError is the error of a call refused for lack of budget. It is
// immutable once made, so safe for concurrent use.
type exhaustedError struct {
	budget, need time.Duration
}

func (e *exhaustedError) Error() string {
	return fmt.Sprintf("%v: %v left after the transit reserve, need %v", ErrBudgetExhausted, max(e.budget, 0), e.need)
}

// Unwrap makes the error match both ErrBudgetExhausted and
// context.DeadlineExceeded.
func (e *exhaustedError) Unwrap() []error {
	return []error{ErrBudgetExhausted, context.DeadlineExceeded}
}

// Timeout reports true, as net.Error does for timeouts.
func (e *exhaustedError) Timeout() bool { return true }

// wrapBody returns body wrapped so that cancel runs when it is closed or
// read to EOF: the call's context must outlive RoundTrip until then.
func wrapBody(body io.ReadCloser, cancel context.CancelFunc) io.ReadCloser {
	b := &cancelBody{rc: body, cancel: cancel}
	if w, ok := body.(io.Writer); ok { // 101 Switching Protocols
		return &cancelBodyWriter{cancelBody: b, w: w}
	}
	return b
}

// cancelBody is a response body that releases its call's context.
// Like any response body, it is not safe for concurrent Reads.
type cancelBody struct {
	rc     io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err == io.EOF {
		b.cancel()
	}
	return n, err
}

func (b *cancelBody) Close() error {
	err := b.rc.Close()
	b.cancel()
	return err
}

// cancelBodyWriter keeps the io.Writer of a switched-protocol body.
type cancelBodyWriter struct {
	*cancelBody
	w io.Writer
}

func (b *cancelBodyWriter) Write(p []byte) (int, error) { return b.w.Write(p) }

// DefaultClientTimeout is the timeout of NewClient(0).
const DefaultClientTimeout = 30 * time.Second

// NewClient returns an http.Client whose every request is bounded by
// timeout (zero or negative means DefaultClientTimeout, 30s) and by the
// caller's context through a Transport. Its transport bounds dialing and the
// TLS handshake by min(timeout, 10s) and the wait for response headers by
// timeout; idle connections close after 90s. The Client is safe for
// concurrent use; share one per dependency.
func NewClient(timeout time.Duration) *http.Client {
	if timeout <= 0 {
		timeout = DefaultClientTimeout
	}
	step := min(timeout, 10*time.Second)
	base := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: step, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   step,
		ResponseHeaderTimeout: timeout,
		ExpectContinueTimeout: min(timeout, time.Second),
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   16,
		ForceAttemptHTTP2:     true,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: &Transport{Base: base},
	}
}
