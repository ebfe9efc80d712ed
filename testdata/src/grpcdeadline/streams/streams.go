// Package streams holds stream-no-deadline cases, checked with -streams.
package streams

import (
	"context"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"grpcdeadline/helpers/lib"
	"grpcdeadline/pb"
)

func badWatch(c pb.FooClient) {
	c.Watch(context.Background(), &pb.GetRequest{}) // want `gRPC stream FooClient.Watch has no deadline: its context is context.Background\(\) and it waits forever on a stalled server; use a context with a deadline or cancel it when the stream is done`
}

func goodWatchTimeout(c pb.FooClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c.Watch(ctx, &pb.GetRequest{})
}

func badBidi(c pb.FooClient) {
	ctx := metadata.AppendToOutgoingContext(context.Background(), "k", "v")
	c.Chat(ctx) // want `gRPC stream FooClient.Chat has no deadline`
}

func goodBidiIncoming(ctx context.Context, c pb.FooClient) {
	c.Chat(ctx)
}

func badClientStreaming(c pb.FooClient) {
	c.Upload(context.TODO()) // want `gRPC stream FooClient.Upload has no deadline: its context is context.TODO\(\)`
}

func goodClientStreamingDeadline(c pb.FooClient, at time.Time) {
	ctx, cancel := context.WithDeadline(context.TODO(), at)
	defer cancel()
	c.Upload(ctx)
}

func badOldStyleStream(c pb.FooClient) {
	c.List(context.Background(), &pb.GetRequest{}) // want `gRPC stream FooClient.List has no deadline`
}

func goodOldStyleStream(ctx context.Context, c pb.FooClient) {
	c.List(ctx, &pb.GetRequest{})
}

func badNewStream(conn *grpc.ClientConn) {
	conn.NewStream(context.Background(), &grpc.StreamDesc{ServerStreams: true}, "/foo.Foo/Watch") // want `gRPC stream ClientConn.NewStream has no deadline`
}

func goodNewStream(ctx context.Context, conn *grpc.ClientConn) {
	conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, "/foo.Foo/Watch")
}

// A unary interceptor does not bound streams.
func badStreamDespiteUnaryInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(time.Second)))
	pb.NewFooClient(conn).Watch(context.Background(), &pb.GetRequest{}) // want `gRPC stream FooClient.Watch has no deadline`
}

func badIgnoresIncoming(ctx context.Context, c pb.FooClient) {
	c.Watch(context.Background(), &pb.GetRequest{}) // want `gRPC stream FooClient.Watch has no deadline: .*; pass the incoming context ctx`
}

// Unary calls keep being reported with -streams.
func badUnary(c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

// A helper that opens a stream with its context parameter.
func badFollow(c pb.FooClient) {
	lib.Follow(context.Background(), c) // want `context.Background\(\) passed to lib.Follow reaches gRPC FooClient.Watch with no deadline`
}

func goodFollow(ctx context.Context, c pb.FooClient) {
	lib.Follow(ctx, c)
}
