// Package interceptorflag is checked with -interceptors=example.com/mw.Timeout.
package interceptorflag

import (
	"context"
	"time"

	"example.com/mw"
	"google.golang.org/grpc"

	"grpcdeadline/pb"
)

func goodNamedInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(mw.Timeout(time.Second)))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}

func badOtherInterceptor() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithUnaryInterceptor(mw.Logging()))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{}) // want `gRPC call FooClient.Get has no deadline`
}

func goodChained() {
	conn, _ := grpc.NewClient("foo:443", grpc.WithChainUnaryInterceptor(mw.Logging(), mw.Timeout(time.Second)))
	pb.NewFooClient(conn).Get(context.Background(), &pb.GetRequest{})
}
