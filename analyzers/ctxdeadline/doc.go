// Package ctxdeadline defines an analyzer that reports calls that drop the
// deadline of the incoming context.
//
// # Analyzer ctxdeadline
//
// ctxdeadline: check that calls keep the deadline of the incoming context
//
// A deadline only protects a service when it flows end to end: each call
// made on behalf of a request may use only the time the request has left.
// Inside a function that receives a context, context.Background(), a fresh
// context.WithTimeout, or an API that takes no context at all cuts the
// chain: the call keeps running, holding a goroutine and a connection,
// after the caller has given up. ctxdeadline reports where that happens, in
// functions with an incoming context only.
//
// A function has an incoming context when a named, non-blank parameter is a
// context.Context, implements it (a framework context such as gin's
// *Context, a type alias such as aws.Context, a type parameter constrained
// by context.Context), or is an *http.Request (its Context()). Function
// literals see the incoming context of the functions they are nested in,
// unless they declare a context parameter of their own. main, init and
// tests have none, and neither has a function whose context parameter is
// blank or unnamed (_ context.Context: deliberately unused).
//
// # deadline-dropped
//
// A root context (context.Background() or context.TODO(), possibly through
// value-only wrappers such as WithValue or metadata.NewOutgoingContext)
// reaches a call that takes a context. Reported at the Background()/TODO()
// call:
//
//	func (s *Store) Get(ctx context.Context, id string) (*Item, error) {
//		row := s.db.QueryRowContext(context.Background(), q, id)
//
// Fixed (the suggested fix passes the incoming context, r.Context() in a
// handler):
//
//	row := s.db.QueryRowContext(ctx, q, id)
//
// In a goroutine started by the function (a go statement or a
// time.AfterFunc callback) the incoming context is the wrong fix: a request
// context is cancelled when the handler returns. There the fix keeps the
// caller's values without its cancellation, and the message asks for a
// bound:
//
//	go s.audit(context.Background(), ev)
//
// Fixed:
//
//	go s.audit(context.WithoutCancel(r.Context()), ev)
//
// Not reported: context.WithoutCancel(ctx) (a deliberate detachment); a
// root wrapped by an explicit context.WithCancel, WithCancelCause or
// signal.NotifyContext (a lifecycle context that its owner cancels);
// roots that reach a call only in a deferred call or in code that runs
// after a context is done (see deadline-reset); roots passed to the
// context package itself, to FromContext-style accessors, or to logging,
// tracing and metrics packages, which read values and do not wait; roots
// passed to a parameter that the callee declares blank (_ context.Context:
// ignored, so nothing is dropped; this also keeps such a call from making
// a callee-drops-deadline fact); a variable that holds the incoming context on some paths and a root on
// others (if ctx == nil { ctx = context.Background() }).
//
// # deadline-reset
//
// A fresh WithTimeout or WithDeadline (or a Cause variant) on a root
// context: the callee gets a new budget that ignores what the caller has
// left. Reported at the Background()/TODO() call:
//
//	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//
// Fixed (the child gets the earlier of the two deadlines):
//
//	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
//
// Not reported, because bounded cleanup or detached work is right there:
// in a deferred call (defer func() { ... }()); in a go statement or a
// time.AfterFunc callback; in code that runs only after a context is done:
// after <-ctx.Done(), in a case <-ctx.Done() clause, after a select that
// waits for ctx.Done() in a clause that falls through (the graceful
// shutdown pattern), inside if ctx.Err() != nil, or in a context.AfterFunc
// callback.
//
// # ctx-variant
//
// A call to an API that has a context-taking variant:
//
//	req, err := http.NewRequest(http.MethodGet, url, nil)
//	out, err := exec.Command("git", "fetch").Output()
//	rows, err := db.Query(q, id)
//
// Fixed:
//
//	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
//	out, err := exec.CommandContext(ctx, "git", "fetch").Output()
//	rows, err := db.QueryContext(ctx, q, id)
//
// Variants are discovered, not listed: a function or method F has one when
// its package (for a method: its receiver's method set) has FContext,
// FWithContext or FCtx taking a context.Context and then exactly F's
// parameters, and returning exactly F's results. This covers database/sql,
// exec.Command, (*net.Dialer).Dial, (*tls.Conn).Handshake, sqlx, aws-sdk-go
// and the analyzed code's own APIs. Special pairs: http.Get, Head, Post and
// PostForm and the same methods of *http.Client (build the request with
// http.NewRequestWithContext and send it with Do; no fix); (*sql.DB).Begin
// (fixed to BeginTx(ctx, nil)); net.Dial (fixed to
// (&net.Dialer{}).DialContext(ctx, ...), which is what net.Dial does with
// no context). The -variants flag adds pairs, written as
// (*types.Func).FullName prints them:
//
//	-variants='github.com/acme/db.Get:github.com/acme/db.Fetch,(*github.com/acme/db.Conn).Run:(*github.com/acme/db.Conn).RunCtx'
//
// A pair whose target is a sibling of the function as above gets a fix.
//
// Not reported: an *http.Request built without a context that later gets
// one in the same function (req.WithContext(ctx), req.Clone(ctx));
// httptest (no network); gRPC's Dial (it does not block by default;
// grpcdeadline owns gRPC); logging, tracing and metrics packages (log/slog's
// InfoContext and the like carry values, not cancellation); generic
// functions (their type parameters never match); calls through function
// values and method values (f := db.Query; f(q)); calls in deferred calls,
// goroutines and code that runs after a context is done (the incoming
// context is the wrong one there).
//
// # callee-drops-deadline
//
// A call to a function of the analyzed code that takes no context but
// creates a root context and passes it to a context-taking call, itself or
// through functions it calls that do the same:
//
//	func (c *Cache) Lookup(key string) (string, error) {
//		return c.rdb.Get(context.Background(), key).Result()
//	}
//
//	func handle(w http.ResponseWriter, r *http.Request) {
//		v, err := cache.Lookup(r.URL.Query().Get("k")) // reported here
//
// Fixed: give Lookup a context parameter and pass r.Context(). There is no
// suggested fix: the signature change is the author's call. Reported at the
// call. The callee is known through a fact (dropsDeadlineFact: one per
// function, holding the root call and, for a chain, the function that
// creates it), so it works across packages.
//
// The analyzed code is the -module flag, a comma-separated list of import
// path prefixes; by default the module of the package under analysis, or,
// when the driver knows no module (GOPATH mode, as in analysistest), the
// first element of the package's import path. Facts are followed only into
// functions of the analyzed code: never into, nor through, the standard
// library or third-party modules. Not reported: roots created in function
// literals, goroutines, deferred calls or after a context is done (they may
// run outside the call), roots wrapped by an explicit WithCancel, and calls
// in deferred calls, goroutines or shutdown code. One-time initializers
// neither carry nor pass on the fact: a function whose body opens (after
// any locking) with "if done { return }" on a boolean variable or field
// that it then sets to true, like a sync.Once literal, does work shared by
// every later caller, which no one caller's deadline may bound (a cancelled
// first caller would poison it for all). The same holds for memoized
// values: a root created, or a call made, inside "if x == nil { ... x = ... }"
// where x is a field or a package-level variable. When package net itself
// is analyzed, its constructors of connectionless sockets (DialUDP,
// ListenUDP, DialIP, ...) carry no fact: they pass Background to the
// dialer's internals, but setting up such a socket waits for nobody.
//
// # timeout-unit
//
// An untyped constant timeout below one millisecond given to
// context.WithTimeout or WithTimeoutCause, or as the offset of
// time.Now().Add in context.WithDeadline or WithDeadlineCause: a bare
// number is nanoseconds, so the context expires at once.
//
//	ctx, cancel := context.WithTimeout(ctx, 5)
//
// Fixed:
//
//	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
//
// Reported in every function, incoming context or not. Zero, negative and
// typed values (time.Duration(n), 5*time.Millisecond) are left alone.
//
// # Mechanism and boundaries
//
// ctxdeadline uses syntax, types and the shared ctxorigin analyzer (which
// resolves where each context value comes from through local assignments,
// flow-insensitively across branches) and no SSA. One walk over the
// package's calls collects the findings; facts are propagated within the
// package to a fixed point (a worklist over the calls between functions
// that take no context) before they are exported. When a context's
// origin is unknown (a struct field, a package variable, a function result,
// a variable with disagreeing assignments), nothing is reported.
//
// Fast path: a package is skipped when it imports neither context nor
// net/http, declares no parameter of a context type (a package using only a
// framework context imports neither), and depends on no function of the
// analyzed code that drops a deadline. Only direct imports count.
//
// Findings in generated files are never reported, and findings in _test.go
// files only with -tests. Flags: -tests, -unused-ignores, -variants,
// -module.
package ctxdeadline
