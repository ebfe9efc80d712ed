// Package user calls the helpers of grpcdeadline/helpers/lib.
package user

import (
	"context"
	"time"

	"example.com/rpcutil"
	"github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
	"google.golang.org/grpc"

	"grpcdeadline/helpers/lib"
	"grpcdeadline/pb"
)

func badFetch(c pb.FooClient) {
	lib.Fetch(context.Background(), c, "1") // want `context.Background\(\) passed to lib.Fetch reaches gRPC FooClient.Get with no deadline and waits forever on a stalled server; use context.WithTimeout or a deadline interceptor`
}

func goodFetch(c pb.FooClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	lib.Fetch(ctx, c, "1")
}

func badFetchTagged(c pb.FooClient) {
	lib.FetchTagged(c, context.TODO()) // want `context.TODO\(\) passed to lib.FetchTagged reaches gRPC FooClient.Get`
}

func goodFetchTaggedIncoming(ctx context.Context, c pb.FooClient) {
	lib.FetchTagged(c, ctx)
}

func badFetchVia(c pb.FooClient) {
	ctx := context.Background()
	lib.FetchVia(ctx, c) // want `context.Background\(\) passed to lib.FetchVia reaches gRPC FooClient.Get`
}

func badLookup(c *lib.Client) {
	c.Lookup(context.Background(), "x") // want `context.Background\(\) passed to Client.Lookup reaches gRPC FooClient.Get`
}

func goodLookupIncoming(ctx context.Context, c *lib.Client) {
	c.Lookup(ctx, "x")
}

func goodBounded(c pb.FooClient) {
	lib.Bounded(context.Background(), c)
	lib.DefaultDeadline(context.Background(), c)
	lib.Detached(context.Background(), c)
}

// Stream helpers need -streams.
func goodFollowStreamsOff(c pb.FooClient) {
	lib.Follow(context.Background(), c)
}

// Third-party helpers: never reported through.
func goodThirdParty(c pb.FooClient) {
	rpcutil.Get(context.Background(), c)
}

// A same-package helper.
func badLocalHelper(c pb.FooClient) {
	local(context.Background(), c) // want `context.Background\(\) passed to user.local reaches gRPC FooClient.Get`
}

func local(ctx context.Context, c pb.FooClient) {
	c.Get(ctx, &pb.GetRequest{})
}

// An imported deadline interceptor, known through its fact.
func goodImportedInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(lib.Timeout(time.Second)))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}

func goodRuntimeInterceptorHelper() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(time.Second)))
	lib.Fetch(context.Background(), pb.NewFooClient(conn), "1") // the client passed in has one
}
