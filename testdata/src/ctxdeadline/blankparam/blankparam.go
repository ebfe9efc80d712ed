// Package blankparam: a root context passed to a parameter the callee
// declares blank (_ context.Context) is ignored there; no deadline is
// dropped, directly or through a helper.
package blankparam

import "context"

func connect(_ context.Context, addr string) error { return nil }

func fetch(ctx context.Context, addr string) error { return ctx.Err() }

// NewConn passes Background to a callee that ignores it: no fact.
func NewConn(addr string) error {
	return connect(context.Background(), addr)
}

// Fetch passes Background to a callee that uses it.
func Fetch(addr string) error { // want Fetch:"dropsDeadline"
	return fetch(context.Background(), addr)
}

func Handle(ctx context.Context, addr string) error {
	if err := connect(context.Background(), addr); err != nil {
		return err
	}
	if err := NewConn(addr); err != nil {
		return err
	}
	if err := fetch(context.Background(), addr); err != nil { // want `context.Background\(\) passed to fetch drops the caller's deadline`
		return err
	}
	return Fetch(addr) // want `Fetch creates context.Background\(\)`
}
