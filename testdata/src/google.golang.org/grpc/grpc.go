// Package grpc is a stub of google.golang.org/grpc v1.85.0 holding only the
// declarations the grpcdeadline fixtures use, with the real signatures.
package grpc

import (
	"context"
	"time"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
)

// SupportPackageIsVersion9 is referenced by generated code (rpc_util.go).
const SupportPackageIsVersion9 = true

// CallOption configures a Call (rpc_util.go).
type CallOption interface {
	before() error
}

// EmptyCallOption does not alter the Call configuration (rpc_util.go).
type EmptyCallOption struct{}

func (EmptyCallOption) before() error { return nil }

// WaitForReady configures the RPC's behavior when the client is in TRANSIENT_FAILURE (rpc_util.go).
func WaitForReady(waitForReady bool) CallOption { return EmptyCallOption{} }

// DialOption configures how we set up the connection (dialoptions.go).
type DialOption interface {
	apply()
}

type funcDialOption struct{}

func (funcDialOption) apply() {}

// WithBlock makes callers of Dial block until the connection is up (dialoptions.go).
func WithBlock() DialOption { return funcDialOption{} }

// WithReturnConnectionError implies WithBlock (dialoptions.go).
func WithReturnConnectionError() DialOption { return funcDialOption{} }

// FailOnNonTempDialError fails on non-temporary dial errors; useful only with WithBlock (dialoptions.go).
func FailOnNonTempDialError(f bool) DialOption { return funcDialOption{} }

// WithTimeout bounds a blocking dial (dialoptions.go).
func WithTimeout(d time.Duration) DialOption { return funcDialOption{} }

// WithInsecure disables transport security (dialoptions.go).
func WithInsecure() DialOption { return funcDialOption{} }

// WithTransportCredentials configures transport security (dialoptions.go).
func WithTransportCredentials(creds credentials.TransportCredentials) DialOption {
	return funcDialOption{}
}

// WithUserAgent sets the user agent (dialoptions.go).
func WithUserAgent(s string) DialOption { return funcDialOption{} }

// WithDefaultCallOptions sets default call options (dialoptions.go).
func WithDefaultCallOptions(cos ...CallOption) DialOption { return funcDialOption{} }

// WithUnaryInterceptor sets the unary client interceptor (dialoptions.go).
func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption { return funcDialOption{} }

// WithChainUnaryInterceptor chains unary client interceptors (dialoptions.go).
func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption {
	return funcDialOption{}
}

// WithStreamInterceptor sets the stream client interceptor (dialoptions.go).
func WithStreamInterceptor(f StreamClientInterceptor) DialOption { return funcDialOption{} }

// UnaryInvoker is called by UnaryClientInterceptor to complete RPCs (interceptor.go).
type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error

// UnaryClientInterceptor intercepts the execution of a unary RPC on the client (interceptor.go).
type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

// Streamer is called by StreamClientInterceptor to create a ClientStream (interceptor.go).
type Streamer func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error)

// StreamClientInterceptor intercepts the creation of a ClientStream (interceptor.go).
type StreamClientInterceptor func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, streamer Streamer, opts ...CallOption) (ClientStream, error)

// ClientConn represents a virtual connection to a conceptual endpoint (clientconn.go).
type ClientConn struct {
	target string
}

// ClientConnInterface defines the functions clients need to perform unary and streaming RPCs (clientconn.go).
type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

var _ ClientConnInterface = (*ClientConn)(nil)

// NewClient creates a new gRPC channel; it never blocks (clientconn.go).
func NewClient(target string, opts ...DialOption) (conn *ClientConn, err error) {
	return &ClientConn{target: target}, nil
}

// Dial calls DialContext(context.Background(), target, opts...) (clientconn.go).
func Dial(target string, opts ...DialOption) (*ClientConn, error) {
	return DialContext(context.Background(), target, opts...)
}

// DialContext calls NewClient and then exits idle mode; with WithBlock it
// waits until ctx expires or the connection is ready (clientconn.go).
func DialContext(ctx context.Context, target string, opts ...DialOption) (conn *ClientConn, err error) {
	return NewClient(target, opts...)
}

// Invoke sends the RPC request on the wire and returns after response is received (call.go).
func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

// NewStream creates a new Stream for the client side (stream.go).
func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

// Target returns the target string of the ClientConn (clientconn.go).
func (cc *ClientConn) Target() string { return cc.target }

// Close tears down the ClientConn and all underlying connections (clientconn.go).
func (cc *ClientConn) Close() error { return nil }

// StreamDesc represents a streaming RPC service's method specification (stream.go).
type StreamDesc struct {
	StreamName    string
	ServerStreams bool
	ClientStreams bool
}

// ClientStream defines the client-side behavior of a streaming RPC (stream.go).
type ClientStream interface {
	Header() (metadata.MD, error)
	Trailer() metadata.MD
	CloseSend() error
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

// ServerStreamingClient represents the client side of a server-streaming RPC (stream_interfaces.go).
type ServerStreamingClient[Res any] interface {
	Recv() (*Res, error)
	ClientStream
}

// ClientStreamingClient represents the client side of a client-streaming RPC (stream_interfaces.go).
type ClientStreamingClient[Req any, Res any] interface {
	Send(*Req) error
	CloseAndRecv() (*Res, error)
	ClientStream
}

// BidiStreamingClient represents the client side of a bidirectional-streaming RPC (stream_interfaces.go).
type BidiStreamingClient[Req any, Res any] interface {
	Send(*Req) error
	Recv() (*Res, error)
	ClientStream
}

// GenericClientStream implements the client-side streaming interfaces (stream_interfaces.go).
type GenericClientStream[Req any, Res any] struct {
	ClientStream
}

// Send pushes one message into the stream of requests.
func (x *GenericClientStream[Req, Res]) Send(m *Req) error { return x.ClientStream.SendMsg(m) }

// Recv reads one message from the stream of responses.
func (x *GenericClientStream[Req, Res]) Recv() (*Res, error) {
	m := new(Res)
	if err := x.ClientStream.RecvMsg(m); err != nil {
		return nil, err
	}
	return m, nil
}

// CloseAndRecv closes the sending side and reads the response.
func (x *GenericClientStream[Req, Res]) CloseAndRecv() (*Res, error) {
	if err := x.ClientStream.CloseSend(); err != nil {
		return nil, err
	}
	return x.Recv()
}
