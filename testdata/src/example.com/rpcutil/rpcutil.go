// Package rpcutil is third-party code (another first path element): its
// helpers never lead to reports in grpcdeadline/...
package rpcutil

import (
	"context"

	"grpcdeadline/pb"
)

// Get passes ctx into an RPC.
func Get(ctx context.Context, c pb.FooClient) error {
	_, err := c.Get(ctx, &pb.GetRequest{})
	return err
}
