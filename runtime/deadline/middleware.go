package deadline

import (
	"context"
	"net/http"
	"time"
)

// Middleware returns a handler that gives every request the deadline p
// decides (see ServerPolicy) and then calls next with it. It removes the
// Header from the request before next sees it, trusted or not, so that
// user code cannot forward it: an outgoing Transport writes a fresh one
// from the context. A request whose budget has already expired is answered
// with 504 Gateway Timeout without calling next, unless p.Shadow is set.
//
// The returned handler is safe for concurrent use if next, p.Trust,
// p.Operation and p.Hook are.
func Middleware(next http.Handler, p ServerPolicy) http.Handler {
	return &middleware{next: next, p: p.normalized()}
}

// middleware is the handler Middleware returns. p is normalized. It is
// never modified after Middleware returns, so safe for concurrent use.
type middleware struct {
	next http.Handler
	p    ServerPolicy
}

func (m *middleware) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	vals, present := r.Header[Header] // Header is in canonical form
	if present {
		// Strip before anything else, so no path below can leak it. The
		// request belongs to this handler chain; editing it is allowed.
		delete(r.Header, Header)
	}
	var (
		requested time.Duration
		ok        bool
		err       error
	)
	switch {
	case !present:
	case m.p.Trust == nil || !m.p.Trust(r):
		err = ErrUntrusted
	case len(vals) != 1:
		err = errRepeated
	default:
		requested, err = ParseDeadline(vals[0], start)
		ok = err == nil
	}
	budget, kind := m.p.Budget(requested, ok)
	if present && !ok && err != ErrUntrusted {
		kind = HeaderInvalid
	}
	if kind == HeaderExpired {
		err = ErrExpired
	}
	if kind != KindUnknown && m.p.Hook != nil {
		m.emit(r, Event{
			Kind:       kind,
			Configured: budget,
			Remaining:  max(requested, 0),
			Elapsed:    time.Since(start),
			Err:        err,
		})
	}
	if budget <= 0 { // expired, not in shadow mode
		http.Error(w, ErrExpired.Error(), http.StatusGatewayTimeout)
		return
	}
	ctx, cancel := context.WithDeadline(r.Context(), start.Add(budget))
	defer cancel()
	m.next.ServeHTTP(w, r.WithContext(ctx))
}

// emit names e after the request and hands it to the hook.
func (m *middleware) emit(r *http.Request, e Event) {
	e.Dependency = m.p.Dependency
	if m.p.Operation != nil {
		e.Operation = m.p.Operation(r)
	} else {
		e.Operation = r.Method + " " + r.URL.Path
	}
	m.p.Hook.Emit(r.Context(), e)
}
