package interceptorflag

import (
	"context"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/timeout"
	"google.golang.org/grpc"

	"grpcdeadline/pb"
)

// go-grpc-middleware's timeout interceptor sets a default deadline.
func goodEcosystemTimeout() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(timeout.UnaryClientInterceptor(time.Second)))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}
