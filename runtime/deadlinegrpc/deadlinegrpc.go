package deadlinegrpc

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

// DefaultTimeout is the deadline UnaryClientInterceptor(0) gives calls
// that have none.
const DefaultTimeout = deadline.DefaultDefault

// An Option configures an interceptor. Options are applied once, when the
// interceptor is built; an Option value may be shared between interceptors
// and goroutines.
type Option func(*options)

type options struct {
	trust func(context.Context) bool
	hook  deadline.Hook
}

// WithTrust sets the predicate that says whether the server may use the
// incoming call's deadline as the caller's budget (up to
// ServerPolicy.Max); it sees the call's context, with its peer
// (peer.FromContext), metadata and TLS auth info. Without it, nobody is
// trusted: every call gets ServerPolicy.Default at most. Ignored by the
// client interceptor.
func WithTrust(trust func(ctx context.Context) bool) Option {
	return func(o *options) { o.trust = trust }
}

// WithHook sets the Hook that receives the interceptor's Events. For the
// server interceptor it replaces ServerPolicy.Hook.
func WithHook(h deadline.Hook) Option {
	return func(o *options) { o.hook = h }
}

func newOptions(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// TrustAll trusts every peer; see WithTrust. Use it only where every
// caller is one of your own services.
func TrustAll(context.Context) bool { return true }

// TrustPrivateNetwork trusts peers whose transport address is loopback or
// private (see deadline.IsPrivateAddr); see WithTrust.
func TrustPrivateNetwork(ctx context.Context) bool {
	p, ok := peer.FromContext(ctx)
	return ok && p.Addr != nil && deadline.IsPrivateAddr(p.Addr.String())
}

// UnaryClientInterceptor returns a client interceptor that gives every call
// whose context has no deadline a deadline timeout from now (zero or
// negative means DefaultTimeout, 10s), emitting a DefaultApplied Event. A
// call that already has a deadline, earlier or later, is left alone: the
// caller's deadline wins. It is safe for concurrent use.
//
//	conn, err := grpc.NewClient(target,
//		grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(2*time.Second)))
func UnaryClientInterceptor(timeout time.Duration, opts ...Option) grpc.UnaryClientInterceptor {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	o := newOptions(opts)
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, callOpts ...grpc.CallOption) error {
		if _, ok := ctx.Deadline(); ok {
			return invoker(ctx, method, req, reply, cc, callOpts...)
		}
		o.hook.Emit(ctx, deadline.Event{
			Dependency: cc.Target(),
			Operation:  method,
			Kind:       deadline.DefaultApplied,
			Configured: timeout,
		})
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return invoker(ctx, method, req, reply, cc, callOpts...)
	}
}

// UnaryServerInterceptor returns a server interceptor that applies p to
// every call, with the semantics of deadline.Middleware. grpc-go has
// already turned the caller's grpc-timeout into a deadline on the call's
// context; that deadline plays the part of the header:
//
//   - from a trusted peer (WithTrust) it is clamped to p.Max, less
//     p.Offset; no deadline, or an untrusted peer, gets p.Default;
//   - the context already carries the caller's deadline, and a context
//     cannot be extended, so the effective deadline is never later than
//     the caller's own: an untrusted caller gets the earlier of its
//     deadline and Default, and p.Min has no effect;
//   - a call with no time left (or none after p.Offset) fails at once with
//     codes.DeadlineExceeded without running the handler, unless p.Shadow
//     is set, in which case it is only recorded (HeaderExpired).
//
// Events are named by p.Dependency and the full method name; p.Trust and
// p.Operation, which take an *http.Request, are not used. The interceptor
// is safe for concurrent use if the trust predicate and hook are.
func UnaryServerInterceptor(p deadline.ServerPolicy, opts ...Option) grpc.UnaryServerInterceptor {
	s := newServer(p, opts)
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, cancel, err := s.decide(ctx, info.FullMethod)
		if err != nil {
			return nil, err
		}
		defer cancel()
		return handler(ctx, req)
	}
}

// StreamServerInterceptor is UnaryServerInterceptor for streaming calls:
// the stream's context gets the same deadline. Long-lived streams (watches)
// end after at most p.Max, so serve them from a server without it, or with
// a policy sized for them.
func StreamServerInterceptor(p deadline.ServerPolicy, opts ...Option) grpc.StreamServerInterceptor {
	s := newServer(p, opts)
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		ctx, cancel, err := s.decide(ss.Context(), info.FullMethod)
		if err != nil {
			return err
		}
		defer cancel()
		return handler(srv, &stream{ServerStream: ss, ctx: ctx})
	}
}

// stream is a grpc.ServerStream with the policy's context. Like any
// ServerStream, it is safe for one sender and one receiver at a time.
type stream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *stream) Context() context.Context { return s.ctx }

// server holds what both server interceptors need. It is never modified
// after newServer returns, so safe for concurrent use.
type server struct {
	p     deadline.ServerPolicy
	trust func(context.Context) bool
}

func newServer(p deadline.ServerPolicy, opts []Option) *server {
	o := newOptions(opts)
	if o.hook != nil {
		p.Hook = o.hook
	}
	return &server{p: p, trust: o.trust}
}

// decide returns the call's context bounded by the policy, or the error
// that rejects the call.
func (s *server) decide(ctx context.Context, method string) (context.Context, context.CancelFunc, error) {
	start := time.Now()
	dl, has := ctx.Deadline()
	var requested time.Duration
	if has {
		requested = dl.Sub(start)
	}
	// An expired incoming deadline is enforced by grpc-go whoever sent it,
	// so treat it as the header it is and reject it now.
	trusted := has && (requested <= 0 || s.trust != nil && s.trust(ctx))
	budget, kind := s.p.Budget(requested, trusted)
	var err error
	switch {
	case kind == deadline.HeaderExpired:
		err = deadline.ErrExpired
	case has && !trusted:
		err = deadline.ErrUntrusted
	}
	if kind != deadline.KindUnknown {
		s.p.Hook.Emit(ctx, deadline.Event{
			Dependency: s.p.Dependency,
			Operation:  method,
			Kind:       kind,
			Configured: budget,
			Remaining:  max(requested, 0),
			Elapsed:    time.Since(start),
			Err:        err,
		})
	}
	if budget <= 0 {
		return nil, nil, status.Error(codes.DeadlineExceeded, deadline.ErrExpired.Error())
	}
	ctx, cancel := context.WithDeadline(ctx, start.Add(budget))
	return ctx, cancel, nil
}
