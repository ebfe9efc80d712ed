package fixes

import (
	"context"

	"grpcdeadline/pb"
)

func noTimeImport(c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}
