package call

import (
	"context"

	"grpcdeadline/pb"
)

// Tests use Background on purpose: not reported without -tests.
func goodInTest(c pb.FooClient) {
	c.Get(context.Background(), &pb.GetRequest{})
}
