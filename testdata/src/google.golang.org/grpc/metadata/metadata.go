// Package metadata is a stub of google.golang.org/grpc/metadata v1.85.0.
package metadata

import "context"

// MD is a mapping from metadata keys to values.
type MD map[string][]string

// Pairs returns an MD formed by the mapping of key, value pairs.
func Pairs(kv ...string) MD { return MD{} }

// New creates an MD from a given key-value map.
func New(m map[string]string) MD { return MD{} }

type mdOutgoingKey struct{}

// NewOutgoingContext creates a new context with outgoing md attached.
func NewOutgoingContext(ctx context.Context, md MD) context.Context {
	return context.WithValue(ctx, mdOutgoingKey{}, md)
}

// AppendToOutgoingContext returns a new context with the provided kv merged
// with any existing metadata in the context.
func AppendToOutgoingContext(ctx context.Context, kv ...string) context.Context {
	return context.WithValue(ctx, mdOutgoingKey{}, kv)
}
