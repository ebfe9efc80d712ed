// Package interceptors holds calls through connections that a
// deadline-setting unary interceptor bounds.
package interceptors

import (
	"context"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"grpcdeadline/pb"
)

func goodRuntimeInterceptor() {
	conn, _ := grpc.NewClient("foo:443",
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(2*time.Second)))
	c := pb.NewFooClient(conn)
	c.Get(context.Background(), &pb.GetRequest{})
}

func badOtherInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(logging))
	c := pb.NewFooClient(conn)
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func goodChain() {
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	opts = append(opts, grpc.WithChainUnaryInterceptor(logging, deadlinegrpc.UnaryClientInterceptor(0)))
	conn, _ := grpc.Dial("foo:443", opts...)
	conn.Invoke(context.Background(), "/foo.Foo/Get", nil, nil)
}

func badChainWithoutDeadline() {
	conn, _ := grpc.Dial("foo:443", grpc.WithChainUnaryInterceptor(logging))
	conn.Invoke(context.Background(), "/foo.Foo/Get", nil, nil) // want `gRPC call ClientConn.Invoke has no deadline`
}

// A local interceptor that calls context.WithTimeout sets a deadline.

func withDefaultTimeout(d time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if _, ok := ctx.Deadline(); !ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, d)
			defer cancel()
		}
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

func goodLocalInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(withDefaultTimeout(time.Second)))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}

func logging(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	return invoker(ctx, method, req, reply, cc, opts...)
}

// Streams do not go through unary interceptors.

func goodStreamsOffWithInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(time.Second)))
	pb.NewFooClient(conn).Watch(context.Background(), &pb.GetRequest{})
}

// A client stored in a struct field by a constructor that installs the
// interceptor: every store of the field is followed.

type service struct {
	foo pb.FooClient
}

func newService(addr string) (*service, error) {
	conn, err := grpc.NewClient(addr, grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(time.Second)))
	if err != nil {
		return nil, err
	}
	return &service{foo: pb.NewFooClient(conn)}, nil
}

func (s *service) goodFieldThroughInterceptor() {
	s.foo.Get(context.Background(), &pb.GetRequest{})
}

type plainService struct {
	foo pb.FooClient
}

func newPlainService(conn *grpc.ClientConn) *plainService {
	return &plainService{foo: pb.NewFooClient(conn)}
}

func (s *plainService) badFieldWithoutInterceptor() {
	s.foo.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

// A connection returned by a constructor of the package.

func dialWithDeadline(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(time.Second)))
}

func goodConstructor() {
	conn, _ := dialWithDeadline("foo:443")
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}

// An interceptor the analysis cannot see may set a deadline.

func goodUnknownInterceptor(ic grpc.UnaryClientInterceptor) {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(ic))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}

// A constructor whose options come in as a parameter: the caller's options
// may hold the interceptor (runtime/deadlinegrpc's own example).
func serve(clientOpts []grpc.DialOption) *grpc.ClientConn {
	clientOpts = append(clientOpts, grpc.WithTransportCredentials(insecure.NewCredentials()))
	conn, _ := grpc.NewClient("passthrough:///bufnet", clientOpts...)
	return conn
}

func goodOptionsFromCaller() {
	conn := serve([]grpc.DialOption{grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(time.Second))})
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}
