// Package deadlinegrpc brings the deadline policy of runtime/deadline to
// gRPC. It is the only package of the runtime library that imports
// google.golang.org/grpc.
//
// gRPC already carries deadlines end to end: grpc-go writes grpc-timeout
// from the context at every hop, fails a call with no time left before
// sending it, and installs the caller's deadline on the server's context.
// Two things are missing, and this package adds them:
//
//   - On the client, a call whose context has no deadline waits forever.
//     UnaryClientInterceptor gives such calls a default deadline and leaves
//     calls that have one alone.
//   - On the server, the caller chooses the deadline: grpc-go puts no upper
//     bound on it and gives calls without one none at all.
//     UnaryServerInterceptor and StreamServerInterceptor apply a
//     deadline.ServerPolicy, as deadline.Middleware does for HTTP: the
//     incoming deadline from a trusted peer is clamped to Max, anything else
//     gets Default, never unbounded, and a call with no time left is refused
//     at once with codes.DeadlineExceeded (Shadow mode only records it).
//     A caller can shorten the server's work, never lengthen it.
//
// Trust is an Option (WithTrust, a func(context.Context) bool over the
// call's peer, metadata and auth info), because ServerPolicy.Trust takes an
// *http.Request. Without it nobody is trusted, the safe choice for a server
// reachable from outside.
//
// Every interceptor is safe for concurrent use.
package deadlinegrpc
