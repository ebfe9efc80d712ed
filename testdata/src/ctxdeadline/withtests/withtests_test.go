package withtests

import (
	"context"
	"testing"
)

func helper(ctx context.Context) error {
	return fetch(context.Background()) // want `context.Background\(\) passed to fetch drops`
}

// Tests have no incoming context: Background is right here.
func TestFetch(t *testing.T) {
	_ = helper(context.Background())
}
