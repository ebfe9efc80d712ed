// Package timeout stubs go-grpc-middleware v2's timeout interceptors.
package timeout

import (
	"time"

	"google.golang.org/grpc"
)

// UnaryClientInterceptor adds a timeout to calls without a deadline.
func UnaryClientInterceptor(timeout time.Duration) grpc.UnaryClientInterceptor { return nil }
