package withtests

import (
	"context"
	"testing"
	"time"

	"grpcdeadline/pb"
)

func TestGet(t *testing.T) {
	var c pb.FooClient
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func TestGetBounded(t *testing.T) {
	var c pb.FooClient
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.Get(ctx, &pb.GetRequest{})
}
