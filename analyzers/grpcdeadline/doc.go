// Package grpcdeadline defines an analyzer that reports gRPC calls and
// blocking dials that can wait forever.
//
// # Analyzer grpcdeadline
//
// grpcdeadline: check that grpc calls and blocking dials have a deadline
//
// grpc-go sends a call's deadline to the server and fails the call when it
// passes, but a call whose context has no deadline waits as long as the
// server, a proxy or a dead connection likes. When a dependency becomes slow
// rather than down, every goroutine that calls it waits, and the service
// runs out of goroutines and memory behind requests whose callers left long
// ago. grpcdeadline reports the calls whose context is a root context
// (context.Background or TODO, possibly wrapped by value-only or cancel-only
// derivations such as metadata.NewOutgoingContext or WithCancel), and the
// dials that block on such a context.
//
// The central fix is the runtime library's client interceptor, which gives
// every call without a deadline a default one and leaves the others alone:
//
//	conn, err := grpc.NewClient(target,
//		grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(2*time.Second)))
//
// (package github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc). Calls
// through a connection built with it are not reported.
//
// # call-no-deadline
//
// A unary gRPC client call whose context is a root context. Calls are
// recognised by type, never by name: any method shaped
//
//	(context.Context, *Req, ...grpc.CallOption) (*Resp, error)
//
// (generated clients, interfaces, hand-written wrappers), and Invoke on
// *grpc.ClientConn or grpc.ClientConnInterface; through direct calls, method
// expressions and local method values.
//
//	resp, err := client.Get(context.Background(), req)
//
// Fixed (the duration is the -default flag, 5s):
//
//	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//	defer cancel()
//	resp, err := client.Get(ctx, req)
//
// or, in a function with an incoming context, by passing it:
//
//	resp, err := client.Get(ctx, req)
//
// Also reported: a root context passed to a helper that makes such a call
// with its context parameter, without adding a deadline (directly or through
// other helpers; known across packages through facts):
//
//	func fetch(ctx context.Context, c pb.FooClient) error { _, err := c.Get(ctx, req); return err }
//	...
//	fetch(context.Background(), c) // reported here
//
// Helpers count only within the analyzed code: the packages of the same
// module as the package under analysis when the driver knows modules (go
// vet, module mode), otherwise (GOPATH mode) the packages whose import path
// has the same first element. Reports never go through the standard library
// or third-party modules. A helper that calls context.WithTimeout or
// WithDeadline anywhere (for example to default a deadline when the caller
// set none) is not a helper.
//
// Not reported: contexts with a deadline set in the function, the incoming
// context (the caller owns the bound), context.WithoutCancel (a deliberate
// detachment), contexts the analysis cannot trace (package variables,
// results of arbitrary calls, variables assigned differently on different
// paths); calls through a client or connection built, in the same function
// or in any store of the struct field holding it, from a grpc.Dial,
// DialContext or NewClient whose options install a deadline-setting unary
// interceptor (any function of runtime/deadlinegrpc returning a
// grpc.UnaryClientInterceptor, one named in -interceptors, or one of the
// analyzed code or its dependencies that calls context.WithTimeout or
// WithDeadline, known through facts), or options the analysis cannot see (a
// parameter, a function returning a DialOption); and generated files.
//
// # dial-blocks-forever
//
// grpc.Dial or grpc.DialContext with grpc.WithBlock() or
// grpc.WithReturnConnectionError() (which implies it) and no deadline on the
// dial context: the call blocks forever when the target is unreachable.
// Options passed through a local []grpc.DialOption slice built with
// literals and append are followed.
//
//	conn, err := grpc.Dial(addr, grpc.WithBlock())
//
// Fixed:
//
//	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//	defer cancel()
//	conn, err := grpc.DialContext(ctx, addr, grpc.WithBlock())
//
// or use grpc.NewClient, which never blocks (it is never reported). Not
// reported: grpc.WithTimeout among the options (it bounds a blocking dial);
// grpc.FailOnNonTempDialError(true) without WithBlock (grpc-go documents
// that it does nothing without WithBlock, and DialContext returns at once
// for non-blocking dials); a dial context with a deadline or the incoming
// context; options the analysis cannot see.
//
// # stream-no-deadline
//
// The same as call-no-deadline for streaming calls, off unless -streams:
// long-lived watch streams are common and legitimate. Streaming calls are
// NewStream and methods shaped (context.Context, [*Req,] ...grpc.CallOption)
// (S, error) where S implements grpc.ClientStream: generated clients return
// grpc.ServerStreamingClient, ClientStreamingClient or BidiStreamingClient
// (grpc ≥ 1.64) or an interface embedding grpc.ClientStream.
//
//	stream, err := client.Watch(context.Background(), req)
//
// Fixed, in a function with an incoming context:
//
//	stream, err := client.Watch(ctx, req)
//
// Only that fix is offered: a deferred cancel would end a stream that
// outlives the statement. Unary interceptors do not apply to streams, so a
// deadline interceptor does not silence this category.
//
// # Suggested fixes
//
// A fix passes the incoming context, replacing the root context written in
// the call's argument, when the function immediately enclosing the call has
// one (never inside a function literal: a goroutine or callback may outlive
// the request). Otherwise, for unary calls and dials, it inserts
// ctx, cancel := context.WithTimeout(<argument>, <-default>) and
// defer cancel() before the statement holding the call, with names that
// neither collide with nor hide anything in scope, only where that is
// behaviour-preserving: the call is evaluated once each time a statement of
// a block or case body runs (not in a loop condition, case expression, go or
// defer statement), the statement is not in a loop (deferred cancels would
// pile up), and the argument has no side effects to reorder.
//
// # Boundaries
//
// The analysis uses syntax, types and the shared context-origin pass (no
// SSA, no CFG): context origins are flow-sensitive only as far as
// internal/ctxorigin is; connections and option slices are traced through
// the assignments of the package, flow-insensitively. When unsure, it stays
// quiet. Findings in generated files are never reported, and findings in
// _test.go files only with -tests. Flags: -streams, -interceptors (a
// comma-separated list of importpath.Func), -default (the value fixes
// insert), -tests, -unused-ignores.
package grpcdeadline
