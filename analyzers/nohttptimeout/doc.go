// Package nohttptimeout defines an analyzer that reports HTTP clients,
// servers and dialers that can wait forever.
//
// # Analyzer nohttptimeout
//
// nohttptimeout: check that http clients, servers and dialers have a timeout
//
// Go's networking defaults are unbounded. An http.Client with a zero Timeout,
// http.DefaultClient, http.ListenAndServe and net.Dial all wait as long as
// the other side likes. When a dependency becomes slow rather than down,
// every goroutine that calls it waits, and the service runs out of
// goroutines, connections and memory behind requests whose users left long
// ago. nohttptimeout reports where such values are built or used.
//
// # client-no-timeout
//
// An http.Client built in the analyzed code (a composite literal, new, or a
// zero-valued variable) whose Timeout is never set to a non-zero value in
// the function that builds it:
//
//	c := &http.Client{Transport: t}
//
// Fixed (the inserted value is the -default flag):
//
//	c := &http.Client{Transport: t, Timeout: 10 * time.Second}
//
// A Timeout assigned after construction counts, also through a pointer, a
// struct field (s.client.Timeout = d anywhere in the package), an alias, a
// function of the analyzed code that sets it on its parameter (known across
// packages through facts), or an unexported constructor whose every caller
// sets it. A client passed to a function value or an interface method is
// assumed configured there. A client overwritten with a copy of another
// (c := new(http.Client); *c = *orig) is judged where the original is
// built. A package-level client counts as set when any
// function of the package, init included, assigns its Timeout. When the
// client's Transport bounds the response headers (ResponseHeaderTimeout) the
// finding remains, with a message saying that reading the body is still
// unbounded.
//
// # default-client
//
// http.DefaultClient used to send, and http.Get, http.Head, http.Post and
// http.PostForm, which use it:
//
//	resp, err := http.Get(url)
//
// Fixed:
//
//	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
//	...
//	resp, err := client.Do(req) // client has a Timeout
//
// Not reported: DefaultClient.Do(req) when req's context is the function's
// incoming context (the caller owns the bound) or has a deadline set in the
// same function (context.WithTimeout, then NewRequestWithContext, then Do);
// reading or writing DefaultClient's fields; comparisons; copies
// (*http.DefaultClient); and every use in a package that assigns
// http.DefaultClient.Timeout. DefaultClient stored in a local variable is
// reported at the selector only when that variable is used to send a request
// without a bounded context, or escapes.
//
// # server-no-timeout
//
// An http.Server whose ReadHeaderTimeout and ReadTimeout are both never set:
// a client that sends its headers slowly holds a connection and a goroutine
// forever (Slowloris).
//
//	srv := &http.Server{Addr: ":8080", Handler: h}
//
// Fixed:
//
//	srv := &http.Server{Addr: ":8080", Handler: h, ReadHeaderTimeout: 10 * time.Second}
//
// Stores after construction count as for clients. Not reported: servers
// whose Addr is a loopback literal ("localhost:6060", "127.0.0.1:8080",
// "[::1]:9090": debug and pprof listeners), and empty servers (no Addr, no
// Handler) that are never served in the package: configuration holders such
// as a default http2.ServeConnOpts.BaseConfig.
//
// # serve-no-timeout
//
// http.ListenAndServe, http.ListenAndServeTLS, http.Serve and http.ServeTLS,
// which use a Server with no timeouts:
//
//	log.Fatal(http.ListenAndServe(":8080", mux))
//
// Fixed:
//
//	log.Fatal((&http.Server{Addr: ":8080", Handler: mux, ReadHeaderTimeout: 10 * time.Second}).ListenAndServe())
//
// Not reported: a loopback literal address (also a constant loopback host
// plus a computed port, "localhost:"+port), or for Serve a listener created
// in the same function by net.Listen on a loopback literal address.
//
// # dial-no-timeout
//
// net.Dial and tls.Dial (TCP or a non-constant network), and a net.Dialer
// with no Timeout and no Deadline used through its Dial method or
// tls.DialWithDialer:
//
//	conn, err := net.Dial("tcp", addr)
//
// Fixed:
//
//	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
//
// Not reported: networks that do not block on connect ("udp", "unix", "ip"
// and their variants, as constants, or as a variable ranging over a
// literal list of such constants); net.DialTimeout; dialers used through
// DialContext (the context bounds them); and wrappers that pass their own
// network and address parameters straight to net.Dial (net/rpc.Dial, a
// proxy's Direct dialer), and methods of Dial's shape,
// func(network, address string) (net.Conn, error), whose type also has the
// context variant (DialContext), such as a SOCKS dialer's non-context Dial:
// they mirror Dial's contract and their callers choose the bound.
//
// # timeout-unit
//
// A timeout field or argument given an untyped constant below one
// millisecond: Timeout: 30 is thirty nanoseconds, not seconds. Checked on
// the duration fields of http.Client, http.Server, http.Transport and
// net.Dialer, the timeout of net.DialTimeout and of http.TimeoutHandler.
//
//	c := &http.Client{Timeout: 30}
//
// Fixed:
//
//	c := &http.Client{Timeout: 30 * time.Second}
//
// Zero is not reported here (it means no timeout: see the categories above).
//
// # timeout-too-large
//
// A constant timeout above the -max flag (default 10m) on the same fields
// and arguments, except idle timeouts (IdleTimeout, IdleConnTimeout), which
// do not hold a caller:
//
//	srv := &http.Server{ReadHeaderTimeout: time.Hour}
//
// Fixed:
//
//	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second}
//
// No fix is suggested: the right bound depends on the service.
//
// # Boundaries
//
// The analysis is flow-insensitive within a package and uses syntax and
// types only (no SSA): a timeout assigned anywhere in the constructing
// function, or to the same struct field anywhere in the package, silences the
// finding even on paths where it does not run. When unsure, it stays quiet.
// A package named httptest (net/http/httptest, or a project's own
// test-server helpers) is not checked: it builds the loopback test servers
// and their clients that are exempt as httptest servers.
//
// Findings in generated files are never reported, and findings in _test.go
// files only with -tests. Flags: -max, -default (the value fixes insert),
// -tests, -unused-ignores.
package nohttptimeout
