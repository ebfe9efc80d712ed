package deadline_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// checkGoroutines returns a function that fails t if the number of
// goroutines does not settle back to what it is now within a few seconds.
func checkGoroutines(t *testing.T) func() {
	t.Helper()
	before := runtime.NumGoroutine()
	return func() {
		t.Helper()
		var now int
		for range 100 {
			now = runtime.NumGoroutine()
			if now <= before {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("goroutines: %d before, %d after\n%s", before, now, buf)
	}
}

// hop is one service of the chain: a loopback server behind Middleware
// whose handler calls the next hop through a Transport.
type hop struct {
	name     string
	srv      *httptest.Server
	base     *http.Transport
	budget   chan string // the header value it received
	finished chan error  // the error its handler ended with
}

func newHop(t *testing.T, name string, work func(ctx context.Context, client *http.Client) error) *hop {
	t.Helper()
	h := &hop{
		name:     name,
		base:     &http.Transport{},
		budget:   make(chan string, 1),
		finished: make(chan error, 1),
	}
	client := &http.Client{Transport: &deadline.Transport{Base: h.base, Dependency: name}}
	handler := deadline.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := work(r.Context(), client)
		h.finished <- err
		switch {
		case errors.Is(err, context.DeadlineExceeded), err != nil && strings.Contains(err.Error(), "504"):
			http.Error(w, err.Error(), http.StatusGatewayTimeout)
		case err != nil:
			http.Error(w, err.Error(), http.StatusBadGateway)
		}
	}), deadline.ServerPolicy{Trust: deadline.TrustPrivateNetwork, Dependency: name})
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.budget <- r.Header.Get(deadline.Header) // before the Middleware strips it
		handler.ServeHTTP(w, r)
	}))
	return h
}

func (h *hop) close() {
	h.srv.Close()
	h.base.CloseIdleConnections()
}

// call GETs url with ctx through client and drains the response.
func call(ctx context.Context, client *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

// TestEndToEnd runs A → B → C on loopback, with C far slower than the
// caller is willing to wait: the caller's deadline must stop C's and B's
// work, and leave no goroutine behind.
func TestEndToEnd(t *testing.T) {
	defer checkGoroutines(t)()

	const slow = 10 * time.Second
	c := newHop(t, "C", func(ctx context.Context, _ *http.Client) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(slow):
			return nil
		}
	})
	var b, a *hop
	b = newHop(t, "B", func(ctx context.Context, client *http.Client) error {
		return call(ctx, client, c.srv.URL)
	})
	a = newHop(t, "A", func(ctx context.Context, client *http.Client) error {
		return call(ctx, client, b.srv.URL)
	})

	callerBase := &http.Transport{}
	caller := &http.Client{Transport: &deadline.Transport{Base: callerBase}}
	const budget = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	start := time.Now()
	err := call(ctx, caller, a.srv.URL)
	cancel()
	// A spends 5ms less than the caller, so the caller gets A's 504
	// just before its own deadline, or its own DeadlineExceeded.
	if !errors.Is(err, context.DeadlineExceeded) && (err == nil || !strings.Contains(err.Error(), "504")) {
		t.Errorf("caller: err = %v, want DeadlineExceeded or 504", err)
	}

	// Each hop stops on its own context, long before C's work would end.
	for _, h := range []*hop{c, b, a} {
		select {
		case err := <-h.finished:
			ctxErr := errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
			if err == nil {
				t.Errorf("%s finished its work; want it stopped by the deadline", h.name)
			} else if h == c && !ctxErr {
				t.Errorf("C stopped with %v, want its context done", err)
			} else if !ctxErr && !strings.Contains(err.Error(), "504") {
				t.Errorf("%s stopped with %v, want a deadline or cancellation", h.name, err)
			}
		case <-time.After(budget + 2*time.Second):
			t.Fatalf("%s still working %v after the caller's %v deadline", h.name, time.Since(start), budget)
		}
	}
	if el := time.Since(start); el > budget+time.Second {
		t.Errorf("chain took %v to stop, budget %v", el, budget)
	}

	// Budgets shrink down the chain, each a fresh header, none above the caller's.
	prev := budget
	for _, h := range []*hop{a, b, c} {
		got, err := deadline.ParseHeader(<-h.budget)
		if err != nil || got >= prev {
			t.Errorf("%s received budget %v (%v), want below %v", h.name, got, err, prev)
		}
		prev = got
	}

	for _, h := range []*hop{a, b, c} {
		h.close()
	}
	callerBase.CloseIdleConnections()
}
