// Package dial holds dial-blocks-forever cases.
package dial

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func badDialBlock(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), grpc.WithTransportCredentials(insecure.NewCredentials())) // want `grpc.Dial with grpc.WithBlock\(\) blocks forever when the target is unreachable: its context is context.Background\(\), with no deadline; dial with a context.WithTimeout context, or use grpc.NewClient, which never blocks`
}

func goodDialNoBlock(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
}

func badDialContextBackground(addr string) (*grpc.ClientConn, error) {
	return grpc.DialContext(context.Background(), addr, grpc.WithBlock()) // want `grpc.DialContext with grpc.WithBlock\(\) blocks forever when the target is unreachable`
}

func goodDialContextTimeout(addr string) (*grpc.ClientConn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return grpc.DialContext(ctx, addr, grpc.WithBlock())
}

func badReturnConnectionError(addr string) (*grpc.ClientConn, error) {
	ctx := context.TODO()
	return grpc.DialContext(ctx, addr, grpc.WithReturnConnectionError()) // want `grpc.DialContext with grpc.WithReturnConnectionError\(\) blocks forever .*context.TODO\(\)`
}

func goodDialOptionTimeout(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), grpc.WithTimeout(5*time.Second)) // grpc.WithTimeout bounds a blocking dial
}

// FailOnNonTempDialError does nothing without WithBlock (dialoptions.go):
// the dial returns at once.
func goodFailOnNonTempOnly(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.FailOnNonTempDialError(true))
}

func badFailOnNonTempWithBlock(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.FailOnNonTempDialError(true), grpc.WithBlock()) // want `grpc.Dial with grpc.WithBlock\(\) blocks forever`
}

// Options in a local slice built with append are followed.

func badOptionSlice(addr string, tls bool) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	if !tls {
		opts = append(opts, grpc.WithBlock())
	}
	return grpc.Dial(addr, opts...) // want `grpc.Dial with grpc.WithBlock\(\) blocks forever`
}

func goodOptionSlice(addr string) (*grpc.ClientConn, error) {
	var opts []grpc.DialOption
	opts = append(opts, grpc.WithTransportCredentials(insecure.NewCredentials()))
	return grpc.Dial(addr, opts...)
}

func badOptionVar(addr string) (*grpc.ClientConn, error) {
	block := grpc.WithBlock()
	extra := []grpc.DialOption{block}
	opts := append([]grpc.DialOption{grpc.WithUserAgent("x")}, extra...)
	return grpc.DialContext(context.Background(), addr, opts...) // want `grpc.DialContext with grpc.WithBlock\(\) blocks forever`
}

// Options the analysis cannot see may bound the dial.

func goodOptionsParam(addr string, opts []grpc.DialOption) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, append(opts, grpc.WithBlock())...)
}

func goodOptionsParamAppended(addr string, opts []grpc.DialOption) (*grpc.ClientConn, error) {
	opts = append(opts, grpc.WithBlock())
	return grpc.Dial(addr, opts...) // the caller's options may hold grpc.WithTimeout
}

func goodOptionsFromHelper(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), defaultOptions())
}

func defaultOptions() grpc.DialOption { return grpc.WithTimeout(time.Second) }

// The incoming context: the caller owns the bound.

func goodIncoming(ctx context.Context, addr string) (*grpc.ClientConn, error) {
	return grpc.DialContext(ctx, addr, grpc.WithBlock())
}

func badDialIgnoresIncoming(ctx context.Context, addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock()) // want `grpc.Dial with grpc.WithBlock\(\) blocks forever .*; dial with the incoming context ctx`
}

// NewClient never blocks and is never reported.

func goodNewClient(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
}
