// Package call holds call-no-deadline cases: each bad case is paired with
// a near-identical good one.
package call

import (
	"context"
	"net/http"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"grpcdeadline/pb"
)

// Background passed straight to a generated client.

func badBackground(c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline: its context is context.Background\(\) and it waits forever on a stalled server; use context.WithTimeout or a deadline interceptor`
}

func goodTimeout(c pb.FooClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.Get(ctx, &pb.GetRequest{})
}

// TODO through a variable.

func badTODOVar(c pb.FooClient) (*pb.GetResponse, error) {
	ctx := context.TODO()
	return c.Get(ctx, &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline: its context is context.TODO\(\)`
}

func goodDeadline(c pb.FooClient, at time.Time) (*pb.GetResponse, error) {
	ctx, cancel := context.WithDeadline(context.TODO(), at)
	defer cancel()
	return c.Get(ctx, &pb.GetRequest{})
}

// Metadata wrappers keep the origin.

func badMetadata(c pb.FooClient) {
	ctx := metadata.AppendToOutgoingContext(context.Background(), "k", "v")
	c.Get(ctx, &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func goodMetadataOverDeadline(c pb.FooClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	ctx = metadata.NewOutgoingContext(ctx, metadata.Pairs("k", "v"))
	c.Get(ctx, &pb.GetRequest{})
}

// WithCancel adds no deadline.

func badCancelOnly(c pb.FooClient) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.Get(ctx, &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

// The incoming context: the caller owns the bound.

func goodIncoming(ctx context.Context, c pb.FooClient) {
	ctx = metadata.AppendToOutgoingContext(ctx, "k", "v")
	c.Get(ctx, &pb.GetRequest{})
}

func badIgnoresIncoming(ctx context.Context, c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline: .*; pass the incoming context ctx`
}

func goodRequestContext(w http.ResponseWriter, r *http.Request, c pb.FooClient) {
	c.Get(r.Context(), &pb.GetRequest{})
}

func badHandler(w http.ResponseWriter, r *http.Request, c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline: .*; pass the incoming context r.Context\(\)`
}

func goodDetached(ctx context.Context, c pb.FooClient) {
	c.Get(context.WithoutCancel(ctx), &pb.GetRequest{}) // deliberate: ctxdeadline's business
}

// The connection itself, and its interface.

func badInvoke(conn *grpc.ClientConn) error {
	return conn.Invoke(context.Background(), "/foo.Foo/Get", nil, nil) // want `gRPC call ClientConn.Invoke has no deadline`
}

func badInvokeInterface(cc grpc.ClientConnInterface) error {
	return cc.Invoke(context.Background(), "/foo.Foo/Get", nil, nil) // want `gRPC call ClientConnInterface.Invoke has no deadline`
}

func goodInvoke(ctx context.Context, conn *grpc.ClientConn) error {
	return conn.Invoke(ctx, "/foo.Foo/Get", nil, nil)
}

// A client built in the same function from a connection without interceptor.

func badNewClient() error {
	conn, err := grpc.NewClient("dns:///foo:443", grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	c := pb.NewFooClient(conn)
	_, err = c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
	return err
}

// Method values and method expressions.

func badMethodValue(c pb.FooClient) {
	get := c.Get
	get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func badMethodExpr(c pb.FooClient) {
	pb.FooClient.Get(c, context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func goodMethodValue(ctx context.Context, c pb.FooClient) {
	get := c.Get
	get(ctx, &pb.GetRequest{})
}

func goodMethodValueReassigned(c pb.FooClient, other func(context.Context, *pb.GetRequest, ...grpc.CallOption) (*pb.GetResponse, error)) {
	get := c.Get
	get = other // unknown function: not an RPC we can name
	get(context.Background(), &pb.GetRequest{})
}

// Clients held in struct fields.

type server struct {
	foo pb.FooClient
}

func (s *server) badField() {
	s.foo.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func (s *server) goodField(ctx context.Context) {
	s.foo.Get(ctx, &pb.GetRequest{})
}

// A hand-written wrapper with the RPC shape is an RPC too.

type Wrapper struct{ c pb.FooClient }

func (w *Wrapper) Get(ctx context.Context, in *pb.GetRequest, opts ...grpc.CallOption) (*pb.GetResponse, error) { // want Get:`grpcHelper\(0, call FooClient.Get\)`
	return w.c.Get(ctx, in, opts...)
}

func badWrapper(w *Wrapper) {
	w.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call Wrapper.Get has no deadline`
}

// Not the RPC shape: no CallOption, or not a pointer request.

type notRPC struct{}

func (notRPC) Get(ctx context.Context, in *pb.GetRequest) (*pb.GetResponse, error) { return nil, nil }

func (notRPC) Send(ctx context.Context, in string, opts ...grpc.CallOption) (*pb.GetResponse, error) {
	return nil, nil
}

func goodNotRPC(n notRPC) {
	n.Get(context.Background(), &pb.GetRequest{})
	n.Send(context.Background(), "x")
}

// Streams are reported only with -streams.

func goodStreamsOff(c pb.FooClient) {
	c.Watch(context.Background(), &pb.GetRequest{})
	c.Chat(context.Background())
}

// Unknown origins stay quiet.

var pkgCtx = context.Background()

func goodPackageContext(c pb.FooClient) {
	c.Get(pkgCtx, &pb.GetRequest{})
}

func goodConditionalDeadline(c pb.FooClient, bounded bool) {
	ctx := context.Background()
	if bounded {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Second)
		defer cancel()
	}
	c.Get(ctx, &pb.GetRequest{})
}

// main has no incoming context: a CLI call still needs a deadline.

func main() {
	conn, _ := grpc.NewClient("localhost:50051", grpc.WithTransportCredentials(insecure.NewCredentials()))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

// A suppressed finding.
func ignored(c pb.FooClient) {
	//timeoutlint:ignore grpcdeadline one-shot admin tool, bounded by the operator
	c.Get(context.Background(), &pb.GetRequest{})
}
