// Package deadline carries a request's deadline end to end over HTTP, so
// that each downstream call spends only the caller's remaining budget.
//
// The context's deadline is the only clock of record. Remaining reads it.
//
// # On the wire
//
// A client writes the Header X-Request-Deadline as its remaining budget in
// whole milliseconds, rounded down, less a small transit reserve:
// "X-Request-Deadline: 250". The value is relative, so clocks need not
// agree, and it is re-derived from the context at every hop, never copied
// from an inbound request. Parsing is strict: 1 to 10 ASCII digits, nothing
// else; ParseHeader does not allocate. Servers also accept an RFC 3339
// absolute deadline (ParseDeadline).
//
// # Servers: a policy, not a promise
//
// A deadline header comes from the peer, so a server treats it as a hint
// it may use to stop early, never as a right to more of its time.
// Middleware applies a ServerPolicy to every request:
//
//   - The effective deadline is the earliest of the server's own context
//     deadline and now + clamp(header − Offset, Min, Max). A client can
//     only shorten the server's work; nothing it sends (huge, negative,
//     malformed, repeated or far-future values) yields more than Max.
//   - No header, a malformed one, or a peer that Trust does not vouch for
//     gets Default, never an unbounded deadline. A nil Trust trusts nobody.
//   - A budget that has already expired is answered with 504 Gateway
//     Timeout without running the handler; Shadow mode only records it.
//   - The header is removed from the request before the handler runs.
//
// The zero ServerPolicy is safe: 10s for every request, 30s at most.
//
// # Clients
//
// Transport is an http.RoundTripper that bounds each call by the remaining
// budget less Reserve (and by PerCall), writes the header, and fails
// without sending when the budget cannot fit a useful call; its error
// satisfies errors.Is(err, context.DeadlineExceeded). NewClient returns an
// http.Client with bounded dial, TLS, header and total timeouts around it.
//
// # Events
//
// Every decision is reported as an Event through a Hook; SlogHook logs them
// with log/slog. The package runtime/deadlinegrpc applies the same
// ServerPolicy to gRPC servers.
//
// Everything here is safe for concurrent use unless its documentation says
// otherwise, and imports only the standard library.
package deadline
