// Package app runs grpcdeadline on code that depends on the real
// google.golang.org/grpc v1.85.0 and the real runtime/deadlinegrpc.
package app

import (
	"context"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
)

func badCheck(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{}) // want `gRPC call HealthClient.Check has no deadline`
	return err
}

func goodCheckInterceptor(addr string) error {
	conn, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(2*time.Second)))
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	return err
}

func goodCheckTimeout(c healthpb.HealthClient) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := c.Check(metadata.AppendToOutgoingContext(ctx, "k", "v"), &healthpb.HealthCheckRequest{})
	return err
}

func badList(c healthpb.HealthClient) error {
	ctx := metadata.NewOutgoingContext(context.TODO(), metadata.Pairs("k", "v"))
	_, err := c.List(ctx, &healthpb.HealthListRequest{}) // want `gRPC call HealthClient.List has no deadline`
	return err
}

func goodWatchStreamsOff(c healthpb.HealthClient) error {
	_, err := c.Watch(context.Background(), &healthpb.HealthCheckRequest{})
	return err
}

func badDial(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), grpc.WithTransportCredentials(insecure.NewCredentials())) // want `grpc.Dial with grpc.WithBlock\(\) blocks forever when the target is unreachable`
}

func goodNewClient(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
}

// Check is a helper of this module: its fact is exported.
func Check(ctx context.Context, c healthpb.HealthClient) error { // want Check:`grpcHelper\(0, call HealthClient.Check\)`
	_, err := c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

func badHelper(c healthpb.HealthClient) error {
	return Check(context.Background(), c) // want `context.Background\(\) passed to app.Check reaches gRPC HealthClient.Check`
}
