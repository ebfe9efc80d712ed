// Package lib holds helpers that pass their context parameter into gRPC
// calls; their facts reach the callers in grpcdeadline/helpers/user.
package lib

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"grpcdeadline/pb"
)

// Fetch passes ctx straight into an RPC.
func Fetch(ctx context.Context, c pb.FooClient, id string) (*pb.GetResponse, error) { // want Fetch:`grpcHelper\(0, call FooClient.Get\)`
	return c.Get(ctx, &pb.GetRequest{Id: id})
}

// FetchTagged passes ctx through metadata.
func FetchTagged(c pb.FooClient, ctx context.Context) error { // want FetchTagged:`grpcHelper\(1, call FooClient.Get\)`
	ctx = metadata.AppendToOutgoingContext(ctx, "tag", "x")
	_, err := c.Get(ctx, &pb.GetRequest{})
	return err
}

// FetchVia reaches an RPC through another helper of this package.
func FetchVia(ctx context.Context, c pb.FooClient) error { // want FetchVia:`grpcHelper\(0, call FooClient.Get\)`
	_, err := fetch(ctx, c)
	return err
}

func fetch(ctx context.Context, c pb.FooClient) (*pb.GetResponse, error) {
	return c.Get(ctx, &pb.GetRequest{})
}

// Client is a hand-written client holding a generated one.
type Client struct{ foo pb.FooClient }

// Lookup is a method helper.
func (c *Client) Lookup(ctx context.Context, id string) (string, error) { // want Lookup:`grpcHelper\(0, call FooClient.Get\)`
	r, err := c.foo.Get(ctx, &pb.GetRequest{Id: id})
	if err != nil {
		return "", err
	}
	return r.Name, nil
}

// Follow opens a stream with ctx.
func Follow(ctx context.Context, c pb.FooClient) error { // want Follow:`grpcHelper\(0, stream FooClient.Watch\)`
	_, err := c.Watch(ctx, &pb.GetRequest{})
	return err
}

// Bounded adds its own deadline: not a helper.
func Bounded(ctx context.Context, c pb.FooClient) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_, err := c.Get(ctx, &pb.GetRequest{})
	return err
}

// DefaultDeadline sets a deadline only when the caller set none: not a
// helper that drops one.
func DefaultDeadline(ctx context.Context, c pb.FooClient) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Second)
		defer cancel()
	}
	_, err := c.Get(ctx, &pb.GetRequest{})
	return err
}

// Detached uses its own root context: ctx does not reach the call.
func Detached(ctx context.Context, c pb.FooClient) error {
	_, err := c.Get(context.WithoutCancel(ctx), &pb.GetRequest{})
	return err
}

// Timeout is an exported deadline-setting interceptor.
func Timeout(d time.Duration) grpc.UnaryClientInterceptor { // want Timeout:`deadlineInterceptor`
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}
