package deadline_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// countingServer is a real loopback server that counts the requests it
// received and records the deadline headers they carried.
type countingServer struct {
	*httptest.Server
	n       atomic.Int64
	mu      sync.Mutex
	headers [][]string
}

func newCountingServer(t *testing.T, h http.HandlerFunc) *countingServer {
	t.Helper()
	s := &countingServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.n.Add(1)
		s.mu.Lock()
		s.headers = append(s.headers, r.Header.Values(deadline.Header))
		s.mu.Unlock()
		if h != nil {
			h(w, r)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *countingServer) lastHeader() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.headers) == 0 {
		return nil
	}
	return s.headers[len(s.headers)-1]
}

// get sends a GET through rt with ctx, and reads and closes the body.
func get(ctx context.Context, rt http.RoundTripper, url string, header ...string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	for _, v := range header {
		req.Header.Add(deadline.Header, v)
	}
	resp, err := rt.RoundTrip(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func TestTransportWritesRemaining(t *testing.T) {
	srv := newCountingServer(t, nil)
	rt := &deadline.Transport{Base: srv.Client().Transport}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := get(ctx, rt, srv.URL); err != nil {
		t.Fatal(err)
	}
	h := srv.lastHeader()
	if len(h) != 1 {
		t.Fatalf("server got %s %q, want one value", deadline.Header, h)
	}
	ms, err := deadline.ParseHeader(h[0])
	// 2s less the 5ms reserve, less the time it took to get here.
	if err != nil || ms > 2*time.Second-deadline.DefaultReserve || ms < time.Second {
		t.Errorf("header %q (%v, %v), want just under 1995ms", h[0], ms, err)
	}
}

func TestTransportNoDeadlineNoHeader(t *testing.T) {
	srv := newCountingServer(t, nil)
	rt := &deadline.Transport{Base: srv.Client().Transport}
	if _, err := get(context.Background(), rt, srv.URL); err != nil {
		t.Fatal(err)
	}
	if h := srv.lastHeader(); h != nil {
		t.Errorf("no deadline: server got %s %q, want none", deadline.Header, h)
	}
}

func TestTransportPerCall(t *testing.T) {
	srv := newCountingServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	var rec recorder
	rt := &deadline.Transport{Base: srv.Client().Transport, PerCall: 100 * time.Millisecond, Hook: rec.hook, Dependency: "slow"}
	start := time.Now()
	_, err := get(context.Background(), rt, srv.URL)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want DeadlineExceeded", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("call took %v, PerCall is 100ms", el)
	}
	if h := srv.lastHeader(); len(h) != 1 || h[0] != "100" {
		t.Errorf("header %q, want [100]", h)
	}
	if ks := rec.kinds(); !equalKinds(ks, []deadline.Kind{deadline.AttemptTimeout}) {
		t.Errorf("events %v, want [attempt_timeout]", ks)
	}
	if rec.events[0].Dependency != "slow" || rec.events[0].Operation != "GET /" {
		t.Errorf("event names %q %q", rec.events[0].Dependency, rec.events[0].Operation)
	}
}

func TestTransportFailsFastWithoutSending(t *testing.T) {
	srv := newCountingServer(t, nil)
	var rec recorder
	// A large reserve makes "less than the reserve left" deterministic.
	rt := &deadline.Transport{Base: srv.Client().Transport, Hook: rec.hook, Reserve: time.Second}

	// Budget below the transit reserve: cannot fit a useful call.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := get(ctx, rt, srv.URL)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, deadline.ErrBudgetExhausted) {
		t.Errorf("err = %v, want DeadlineExceeded and ErrBudgetExhausted", err)
	}
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Errorf("err = %v, want a net.Error with Timeout()", err)
	}
	if el := time.Since(start); el > time.Millisecond*50 {
		t.Errorf("failing took %v", el)
	}
	if ks := rec.kinds(); !equalKinds(ks, []deadline.Kind{deadline.PredictedExhaustion}) {
		t.Errorf("events %v, want [predicted_exhaustion]", ks)
	}

	// Already expired.
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	if _, err := get(expired, rt, srv.URL); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired ctx: err = %v, want DeadlineExceeded", err)
	}

	// Through an http.Client, with a body that must be closed.
	body := &closeTracker{Reader: strings.NewReader("payload")}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL, body)
	_, err = (&http.Client{Transport: rt}).Do(req)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("client: err = %v, want DeadlineExceeded", err)
	}
	if !body.closed.Load() {
		t.Error("request body not closed")
	}

	// Budget above the reserve but below MinUseful.
	rt2 := &deadline.Transport{Base: srv.Client().Transport, MinUseful: time.Second}
	if _, err := get(ctx, rt2, srv.URL); !errors.Is(err, deadline.ErrBudgetExhausted) {
		t.Errorf("below MinUseful: err = %v, want ErrBudgetExhausted", err)
	}

	if n := srv.n.Load(); n != 0 {
		t.Errorf("server received %d requests, want 0", n)
	}
}

type closeTracker struct {
	io.Reader
	closed atomic.Bool
}

func (c *closeTracker) Close() error { c.closed.Store(true); return nil }

func TestTransportNeverForwardsInbound(t *testing.T) {
	srv := newCountingServer(t, nil)
	rt := &deadline.Transport{Base: srv.Client().Transport}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()

	// A header copied from an inbound request, in all its forms.
	for _, inbound := range [][]string{{"9999999999"}, {"5", "9999999999"}, {"junk"}} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
		req.Header[deadline.Header] = inbound
		resp, err := rt.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := srv.lastHeader()
		if len(h) != 1 {
			t.Fatalf("inbound %q: server got %q, want one value", inbound, h)
		}
		if d, err := deadline.ParseHeader(h[0]); err != nil || d > time.Second {
			t.Errorf("inbound %q: server got %q, want ≤ 1000", inbound, h)
		}
		if got := req.Header[deadline.Header]; len(got) != len(inbound) || got[0] != inbound[0] {
			t.Errorf("caller's request modified: %q", got)
		}
	}

	// No deadline: an inbound copy is dropped, not forwarded.
	if _, err := get(context.Background(), rt, srv.URL, "9999999999"); err != nil {
		t.Fatal(err)
	}
	if h := srv.lastHeader(); h != nil {
		t.Errorf("no deadline: server got %q, want no header", h)
	}
}

// TestTransportBodyOutlivesRoundTrip guards against cancelling the call's
// context when RoundTrip returns: the body arrives later.
func TestTransportBodyOutlivesRoundTrip(t *testing.T) {
	srv := newCountingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("head,"))
		w.(http.Flusher).Flush()
		time.Sleep(50 * time.Millisecond)
		w.Write([]byte("tail"))
	})
	rt := &deadline.Transport{Base: srv.Client().Transport}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	body, err := get(ctx, rt, srv.URL)
	if err != nil || body != "head,tail" {
		t.Errorf("body %q, %v; want head,tail", body, err)
	}
}

func TestNewClient(t *testing.T) {
	for timeout, want := range map[time.Duration]time.Duration{
		0:                deadline.DefaultClientTimeout,
		-1:               deadline.DefaultClientTimeout,
		2 * time.Second:  2 * time.Second,
		time.Minute:      time.Minute,
		time.Millisecond: time.Millisecond,
	} {
		c := deadline.NewClient(timeout)
		if c.Timeout != want {
			t.Errorf("NewClient(%v).Timeout = %v, want %v", timeout, c.Timeout, want)
		}
		dt, ok := c.Transport.(*deadline.Transport)
		if !ok {
			t.Fatalf("NewClient(%v).Transport is %T, want *deadline.Transport", timeout, c.Transport)
		}
		base, ok := dt.Base.(*http.Transport)
		if !ok {
			t.Fatalf("Base is %T, want *http.Transport", dt.Base)
		}
		step := min(want, 10*time.Second)
		if base.TLSHandshakeTimeout != step || base.ResponseHeaderTimeout != want || base.DialContext == nil || base.IdleConnTimeout == 0 {
			t.Errorf("NewClient(%v) transport timeouts: tls %v, header %v, idle %v", timeout, base.TLSHandshakeTimeout, base.ResponseHeaderTimeout, base.IdleConnTimeout)
		}
	}

	// The client's Timeout becomes the budget the server sees.
	srv := newCountingServer(t, nil)
	c := deadline.NewClient(3 * time.Second)
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	c.CloseIdleConnections()
	if h := srv.lastHeader(); len(h) != 1 {
		t.Errorf("server got %q", h)
	} else if d, err := deadline.ParseHeader(h[0]); err != nil || d > 3*time.Second || d < 2*time.Second {
		t.Errorf("server got %q, want just under 3000", h[0])
	}
}

// BenchmarkTransport compares a loopback GET through http.DefaultTransport
// with the same GET through a Transport over it.
func BenchmarkTransport(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok"))
	}))
	defer srv.Close()
	for _, c := range []struct {
		name string
		rt   http.RoundTripper
	}{
		{"DefaultTransport", http.DefaultTransport},
		{"deadline.Transport", &deadline.Transport{}},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			defer cancel()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := get(ctx, c.rt, srv.URL); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTransportNonCanonicalInboundKey: a header map filled by hand may spell
// the key in lower case; net/http sends such keys as they are, so the
// Transport must drop them too, not only the canonical spelling.
func TestTransportNonCanonicalInboundKey(t *testing.T) {
	srv := newCountingServer(t, nil)
	rt := &deadline.Transport{Base: srv.Client().Transport}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	for _, c := range []context.Context{ctx, context.Background()} {
		req, _ := http.NewRequestWithContext(c, http.MethodGet, srv.URL, nil)
		req.Header["x-request-deadline"] = []string{"9999999999"}
		req.Header["X-REQUEST-DEADLINE"] = []string{"9999999998"}
		resp, err := rt.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := srv.lastHeader()
		if _, bounded := c.Deadline(); !bounded {
			if h != nil {
				t.Errorf("no deadline: server got %q, want no header", h)
			}
			continue
		}
		if len(h) != 1 {
			t.Fatalf("server got %q, want one fresh value", h)
		}
		if d, err := deadline.ParseHeader(h[0]); err != nil || d > time.Second {
			t.Errorf("server got %q, want ≤ 1000", h)
		}
	}
}

// rtFunc is an http.RoundTripper made of a function.
type rtFunc func(*http.Request) (*http.Response, error)

func (f rtFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestTransportNilResponseBody: some RoundTrippers (mostly fakes) return a
// response with a nil Body; http.Client tolerates that, and so must we.
func TestTransportNilResponseBody(t *testing.T) {
	rt := &deadline.Transport{Base: rtFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusNoContent, Header: http.Header{}, Request: r}, nil
	})}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://example.invalid/", nil)
	resp, err := (&http.Client{Transport: rt}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(resp.Body); err != nil || len(b) != 0 {
		t.Errorf("body %q, %v; want empty", b, err)
	}
	if err := resp.Body.Close(); err != nil {
		t.Error(err)
	}
}

// farPastCtx reports a deadline so far in the past that time.Time.Sub
// saturates, yet is not done: a hand-written context can do that.
type farPastCtx struct{ context.Context }

func (farPastCtx) Deadline() (time.Time, bool) { return time.Time{}, true }

// TestTransportFarPastDeadline: subtracting the reserve from a saturated
// remaining time must not wrap around into a huge budget.
func TestTransportFarPastDeadline(t *testing.T) {
	srv := newCountingServer(t, nil)
	rt := &deadline.Transport{Base: srv.Client().Transport}
	req, _ := http.NewRequestWithContext(farPastCtx{context.Background()}, http.MethodGet, srv.URL, nil)
	_, err := rt.RoundTrip(req)
	if !errors.Is(err, deadline.ErrBudgetExhausted) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want ErrBudgetExhausted and DeadlineExceeded", err)
	}
	if n := srv.n.Load(); n != 0 {
		t.Errorf("server received %d requests (header %q), want 0", n, srv.lastHeader())
	}
}
