package deadlinegrpc_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/test/bufconn"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
	"github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
)

// budgetPrinter prints the time a handler has, rounded up to a second.
func budgetPrinter(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	left, _ := deadline.Remaining(ctx)
	fmt.Println("handler budget:", left.Round(time.Second))
	return handler(ctx, req)
}

// serveHealth serves the health service over an in-memory listener with
// the given server options and returns a client connection to it.
func serveHealth(clientOpts []grpc.DialOption, serverOpts ...grpc.ServerOption) (*grpc.ClientConn, func()) {
	lis := bufconn.Listen(1 << 16)
	srv := grpc.NewServer(serverOpts...)
	healthpb.RegisterHealthServer(srv, health.NewServer())
	go srv.Serve(lis)
	clientOpts = append(clientOpts,
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	conn, err := grpc.NewClient("passthrough:///bufnet", clientOpts...)
	if err != nil {
		panic(err)
	}
	return conn, func() { conn.Close(); srv.Stop() }
}

func ExampleUnaryClientInterceptor() {
	conn, stop := serveHealth(
		[]grpc.DialOption{grpc.WithUnaryInterceptor(deadlinegrpc.UnaryClientInterceptor(2 * time.Second))},
		grpc.UnaryInterceptor(budgetPrinter))
	defer stop()

	// No deadline on the caller's context: the interceptor adds 2s.
	_, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	fmt.Println(err)
	// Output:
	// handler budget: 2s
	// <nil>
}

func ExampleUnaryServerInterceptor() {
	policy := deadline.ServerPolicy{Max: 5 * time.Second, Default: 3 * time.Second}
	conn, stop := serveHealth(nil, grpc.ChainUnaryInterceptor(
		deadlinegrpc.UnaryServerInterceptor(policy, deadlinegrpc.WithTrust(deadlinegrpc.TrustAll)),
		budgetPrinter,
	))
	defer stop()
	client := healthpb.NewHealthClient(conn)

	// The caller asks for an hour; the server gives at most Max.
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if _, err := client.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		fmt.Println(err)
	}
	// No deadline at all: Default, never unbounded.
	if _, err := client.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// handler budget: 5s
	// handler budget: 3s
}

func ExampleStreamServerInterceptor() {
	policy := deadline.ServerPolicy{Default: 100 * time.Millisecond}
	conn, stop := serveHealth(nil, grpc.StreamInterceptor(deadlinegrpc.StreamServerInterceptor(policy)))
	defer stop()

	// Watch never ends on its own; the policy ends it after Default.
	start := time.Now()
	w, err := healthpb.NewHealthClient(conn).Watch(context.Background(), &healthpb.HealthCheckRequest{})
	for err == nil {
		_, err = w.Recv()
	}
	fmt.Println("ended within a second:", time.Since(start) < time.Second)
	// Output: ended within a second: true
}
