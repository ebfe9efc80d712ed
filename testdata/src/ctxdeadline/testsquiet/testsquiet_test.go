package testsquiet

import (
	"context"
	"testing"
)

func helper(ctx context.Context) error {
	return fetch(context.Background()) // quiet without -tests
}

func TestFetch(t *testing.T) {
	_ = helper(context.Background())
}
