package deadline_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// served is what a handler behind the Middleware saw.
type served struct {
	called      bool
	deadline    time.Time
	hasDeadline bool
	header      []string
	headerFound bool
}

// recorder collects Events; safe for concurrent use.
type recorder struct {
	mu     sync.Mutex
	events []deadline.Event
}

func (r *recorder) hook(_ context.Context, e deadline.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) kinds() []deadline.Kind {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ks []deadline.Kind
	for _, e := range r.events {
		ks = append(ks, e.Kind)
	}
	return ks
}

// serve sends one request through Middleware(p) and reports what the
// handler saw. values are the request's Header values (nil: no header).
// Inside a synctest bubble time.Now() does not move while the request runs,
// so deadlines can be compared exactly.
func serve(t *testing.T, p deadline.ServerPolicy, ctx context.Context, values ...string) (served, *httptest.ResponseRecorder) {
	t.Helper()
	var s served
	h := deadline.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.called = true
		s.deadline, s.hasDeadline = r.Context().Deadline()
		s.header, s.headerFound = r.Header[deadline.Header]
	}), p)
	req := httptest.NewRequestWithContext(ctx, http.MethodGet, "/rates", nil)
	for _, v := range values {
		req.Header.Add(deadline.Header, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return s, rec
}

// hostile are header values a client could send to try to get more time.
var hostile = [][]string{
	{"9999999999"},
	{"99999999999999999999"},
	{"18446744073709551616"},
	{"-1"},
	{"-9999999999"},
	{"garbage"},
	{"1e9"},
	{"3600s"},
	{" 60000"},
	{"60000 "},
	{"0x7fffffff"},
	{"9999-12-31T23:59:59Z"},
	{"2100-01-01T00:00:00+14:00"},
	{"1", "9999999999"},
	{"9999999999", "1"},
	{"60000,1"},
	{""},
}

func TestMiddlewareNeverLaterThanMax(t *testing.T) {
	for _, trust := range []func(*http.Request) bool{nil, deadline.TrustAll} {
		for _, p := range []deadline.ServerPolicy{
			{},
			{Max: 2 * time.Second},
			{Max: 2 * time.Second, Default: time.Hour, Min: time.Hour}, // nonsense config is capped too
		} {
			p.Trust = trust
			limit := p.Max
			if limit == 0 {
				limit = deadline.DefaultMax
			}
			for _, values := range hostile {
				synctest.Test(t, func(t *testing.T) {
					s, rec := serve(t, p, context.Background(), values...)
					if !s.called {
						t.Fatalf("%q: handler not called, status %d", values, rec.Code)
					}
					if !s.hasDeadline {
						t.Fatalf("%q: handler has no deadline", values)
					}
					if got := s.deadline.Sub(time.Now()); got > limit || got <= 0 {
						t.Errorf("policy %+v, header %q: budget %v, want in (0, %v]", p, values, got, limit)
					}
				})
			}
		}
	}
}

func TestMiddlewareDefault(t *testing.T) {
	tests := []struct {
		name   string
		p      deadline.ServerPolicy
		values []string
		want   time.Duration
		err    error
	}{
		{"zero policy, no header", deadline.ServerPolicy{}, nil, deadline.DefaultDefault, nil},
		{"zero policy ignores header", deadline.ServerPolicy{}, []string{"100"}, deadline.DefaultDefault, deadline.ErrUntrusted},
		{"untrusted peer", deadline.ServerPolicy{Default: 3 * time.Second, Trust: func(*http.Request) bool { return false }}, []string{"100"}, 3 * time.Second, deadline.ErrUntrusted},
		{"trusted, no header", deadline.ServerPolicy{Default: 3 * time.Second, Trust: deadline.TrustAll}, nil, 3 * time.Second, nil},
		{"trusted, malformed", deadline.ServerPolicy{Default: 3 * time.Second, Trust: deadline.TrustAll}, []string{"1.5"}, 3 * time.Second, deadline.ErrInvalidHeader},
		{"trusted, repeated", deadline.ServerPolicy{Default: 3 * time.Second, Trust: deadline.TrustAll}, []string{"100", "100"}, 3 * time.Second, deadline.ErrInvalidHeader},
		{"Default above Max", deadline.ServerPolicy{Default: time.Hour, Max: time.Minute}, nil, time.Minute, nil},
		{"negative config", deadline.ServerPolicy{Default: -1, Max: -1}, nil, deadline.DefaultDefault, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var rec recorder
				tt.p.Hook = rec.hook
				s, _ := serve(t, tt.p, context.Background(), tt.values...)
				if got := s.deadline.Sub(time.Now()); !s.hasDeadline || got != tt.want {
					t.Errorf("budget %v (deadline %v), want %v", got, s.hasDeadline, tt.want)
				}
				if len(rec.events) != 1 {
					t.Fatalf("events %v, want one", rec.kinds())
				}
				e := rec.events[0]
				wantKind := deadline.DefaultApplied
				if errors.Is(tt.err, deadline.ErrInvalidHeader) {
					wantKind = deadline.HeaderInvalid
				}
				if e.Kind != wantKind || e.Configured != tt.want || !errors.Is(e.Err, tt.err) || (tt.err == nil && e.Err != nil) {
					t.Errorf("event %+v, want kind %v, configured %v, err %v", e, wantKind, tt.want, tt.err)
				}
			})
		})
	}
}

func TestMiddlewareClamps(t *testing.T) {
	p := deadline.ServerPolicy{Max: 5 * time.Second, Min: 100 * time.Millisecond, Trust: deadline.TrustAll}
	tests := []struct {
		header string
		want   time.Duration
		kind   deadline.Kind
	}{
		{"2000", 2 * time.Second, deadline.KindUnknown},
		{"5000", 5 * time.Second, deadline.KindUnknown},
		{"5001", 5 * time.Second, deadline.HeaderClamped},
		{"9999999999", 5 * time.Second, deadline.HeaderClamped},
		{"1", 100 * time.Millisecond, deadline.HeaderClamped},
		{"2000-01-01T00:00:01Z", time.Second, deadline.KindUnknown}, // synctest's clock starts at 2000-01-01 UTC
		{"2000-01-01T01:00:00Z", 5 * time.Second, deadline.HeaderClamped},
	}
	for _, tt := range tests {
		synctest.Test(t, func(t *testing.T) {
			var rec recorder
			p.Hook = rec.hook
			s, _ := serve(t, p, context.Background(), tt.header)
			if got := s.deadline.Sub(time.Now()); got != tt.want {
				t.Errorf("header %q: budget %v, want %v", tt.header, got, tt.want)
			}
			var kinds []deadline.Kind
			if tt.kind != deadline.KindUnknown {
				kinds = []deadline.Kind{tt.kind}
			}
			if got := rec.kinds(); !equalKinds(got, kinds) {
				t.Errorf("header %q: events %v, want %v", tt.header, got, kinds)
			}
		})
	}
}

func TestMiddlewareOffset(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := deadline.ServerPolicy{Offset: 50 * time.Millisecond, Trust: deadline.TrustAll}
		s, _ := serve(t, p, context.Background(), "1000")
		if got := s.deadline.Sub(time.Now()); got != 950*time.Millisecond {
			t.Errorf("budget %v, want 950ms", got)
		}
		_, rec := serve(t, p, context.Background(), "50")
		if rec.Code != http.StatusGatewayTimeout {
			t.Errorf("header 50 with offset 50: status %d, want 504", rec.Code)
		}
	})
}

func TestMiddlewareKeepsEarlierServerDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		for _, values := range [][]string{nil, {"2000"}, {"9999999999"}} {
			s, _ := serve(t, deadline.ServerPolicy{Trust: deadline.TrustAll}, ctx, values...)
			if got := s.deadline.Sub(time.Now()); got != 300*time.Millisecond {
				t.Errorf("header %q: budget %v, want the server's own 300ms", values, got)
			}
		}
	})
}

func TestMiddlewareRejectsExpired(t *testing.T) {
	for _, header := range []string{"0", "1999-12-31T23:59:59Z", "2000-01-01T00:00:00Z"} {
		synctest.Test(t, func(t *testing.T) {
			var rec recorder
			p := deadline.ServerPolicy{Trust: deadline.TrustAll, Hook: rec.hook}
			start := time.Now()
			s, resp := serve(t, p, context.Background(), header)
			if s.called || resp.Code != http.StatusGatewayTimeout {
				t.Errorf("header %q: handler called %v, status %d; want not called, 504", header, s.called, resp.Code)
			}
			if time.Since(start) != 0 {
				t.Errorf("rejection waited %v", time.Since(start))
			}
			if len(rec.events) != 1 || rec.events[0].Kind != deadline.HeaderExpired || !errors.Is(rec.events[0].Err, deadline.ErrExpired) {
				t.Errorf("events %+v, want one HeaderExpired", rec.events)
			}
		})
	}
}

func TestMiddlewareShadowOnlyRecordsExpired(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec recorder
		p := deadline.ServerPolicy{Trust: deadline.TrustAll, Shadow: true, Default: 2 * time.Second, Hook: rec.hook}
		s, resp := serve(t, p, context.Background(), "0")
		if !s.called || resp.Code != http.StatusOK {
			t.Fatalf("shadow mode: handler called %v, status %d; want called, 200", s.called, resp.Code)
		}
		if got := s.deadline.Sub(time.Now()); got != 2*time.Second {
			t.Errorf("shadow mode budget %v, want Default 2s", got)
		}
		if got := rec.kinds(); !equalKinds(got, []deadline.Kind{deadline.HeaderExpired}) {
			t.Errorf("events %v, want [header_expired]", got)
		}
	})
}

func TestMiddlewareStripsHeader(t *testing.T) {
	for _, trust := range []func(*http.Request) bool{nil, deadline.TrustAll} {
		for _, values := range append(hostile, []string{"1500"}) {
			s, _ := serve(t, deadline.ServerPolicy{Trust: trust}, context.Background(), values...)
			if s.headerFound {
				t.Errorf("handler saw %s: %q", deadline.Header, s.header)
			}
		}
	}
}

func TestTrustPrivateNetwork(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:1234":          true,
		"[::1]:80":                true,
		"10.1.2.3:5":              true,
		"192.168.0.1:5":           true,
		"[fd00::1]:5":             true,
		"[::ffff:10.0.0.1]:5":     true,
		"8.8.8.8:53":              false,
		"[2001:4860::8888]:53":    false,
		"":                        false,
		"example.com:80":          false,
		"10.0.0.1":                true,
		"not an address at all!!": false,
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = addr
		if got := deadline.TrustPrivateNetwork(r); got != want {
			t.Errorf("TrustPrivateNetwork(%q) = %v, want %v", addr, got, want)
		}
	}
}

func equalKinds(a, b []deadline.Kind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// BenchmarkMiddleware measures the middleware's cost per request over a
// bare handler, with and without a trusted header.
func BenchmarkMiddleware(b *testing.B) {
	next := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	cases := []struct {
		name   string
		h      http.Handler
		header string
	}{
		{"bare", next, ""},
		{"no-header", deadline.Middleware(next, deadline.ServerPolicy{}), ""},
		{"trusted-header", deadline.Middleware(next, deadline.ServerPolicy{Trust: deadline.TrustAll}), "1500"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/rates", nil)
			w := httptest.NewRecorder()
			b.ReportAllocs()
			for b.Loop() {
				if c.header != "" {
					req.Header[deadline.Header] = []string{c.header}
				}
				c.h.ServeHTTP(w, req)
			}
		})
	}
}
