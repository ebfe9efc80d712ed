// Package mw is a third-party interceptor library whose deadline is set in
// a function the interceptor calls: no fact, so -interceptors names it.
package mw

import (
	"context"
	"time"

	"google.golang.org/grpc"
)

// Timeout bounds every unary call by d.
func Timeout(d time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return bounded(ctx, d, func(ctx context.Context) error { return invoker(ctx, method, req, reply, cc, opts...) })
	}
}

func bounded(ctx context.Context, d time.Duration, f func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return f(ctx)
}

// Logging logs calls.
func Logging() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}
