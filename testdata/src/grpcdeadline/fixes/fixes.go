// Package fixes holds the suggested fixes, checked against fixes.go.golden
// and noimport.go.golden.
package fixes

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"grpcdeadline/pb"
)

var _ = time.Second

func assign(c pb.FooClient) error {
	_, err := c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
	return err
}

func ret(c pb.FooClient) (*pb.GetResponse, error) {
	return c.Get(context.TODO(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func ifInit(c pb.FooClient) error {
	if _, err := c.Get(context.Background(), &pb.GetRequest{}); err != nil { // want `gRPC call FooClient.Get has no deadline`
		return err
	}
	return nil
}

func existingCtx(c pb.FooClient) {
	ctx := context.Background()
	c.Get(ctx, &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func existingCancel(c pb.FooClient) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.Get(ctx, &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func hoistMetadata(c pb.FooClient, id string) {
	c.Get(metadata.AppendToOutgoingContext(context.Background(), "id", id), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func inSwitch(c pb.FooClient, k int) {
	switch k {
	case 1:
		c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
	}
}

func incoming(ctx context.Context, c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline: .*; pass the incoming context ctx`
}

func incomingMetadata(ctx context.Context, c pb.FooClient) {
	c.Get(metadata.NewOutgoingContext(context.TODO(), metadata.Pairs("k", "v")), &pb.GetRequest{}) // want `pass the incoming context ctx`
}

func goroutine(ctx context.Context, c pb.FooClient) {
	go func() {
		c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline: .*; use context.WithTimeout`
	}()
}

// No fix: deferred cancels would pile up in the loop.
func loop(c pb.FooClient, ids []string) {
	for _, id := range ids {
		c.Get(context.Background(), &pb.GetRequest{Id: id}) // want `gRPC call FooClient.Get has no deadline`
	}
}

// No fix: the call runs at function exit.
func deferred(c pb.FooClient) {
	defer c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

// No fix: hoisting next() would run it before c().
func sideEffects(c func() pb.FooClient, next func() string) {
	c().Get(metadata.AppendToOutgoingContext(context.Background(), "k", next()), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

// A pure context expression may move before c().
func pureHoist(c func() pb.FooClient) {
	c().Get(metadata.AppendToOutgoingContext(context.Background(), "k", "v"), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func dial(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock()) // want `grpc.Dial with grpc.WithBlock\(\) blocks forever`
}

func dialContext(addr string) (*grpc.ClientConn, error) {
	conn, err := grpc.DialContext(context.Background(), addr, grpc.WithBlock()) // want `grpc.DialContext with grpc.WithBlock\(\) blocks forever`
	return conn, err
}

func dialIncoming(ctx context.Context, addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock()) // want `dial with the incoming context ctx`
}

// No fix: the goto would jump over the inserted declarations.
func withGoto(c pb.FooClient, skip bool) {
	if skip {
		goto end
	}
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
end:
}
