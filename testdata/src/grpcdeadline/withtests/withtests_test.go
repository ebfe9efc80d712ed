package withtests

import (
	"context"
	"time"

	"grpcdeadline/pb"
)

// Test helpers (no testing import: the fixture loads faster).

func getInTest(c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func getBoundedInTest(c pb.FooClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.Get(ctx, &pb.GetRequest{})
}
