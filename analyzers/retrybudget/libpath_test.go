package retrybudget

import "testing"

func TestRetryLibraryPaths(t *testing.T) {
	for path, want := range map[string][2]bool{
		"github.com/cenkalti/backoff":           {true, false},
		"github.com/cenkalti/backoff/v3":        {true, false},
		"github.com/cenkalti/backoff/v4":        {true, false},
		"github.com/cenkalti/backoff/v5":        {false, false}, // takes the context as an argument
		"github.com/cenkalti/backoffx":          {false, false},
		"github.com/cenkalti/backoff/v4x":       {false, false},
		"github.com/avast/retry-go":             {false, true},
		"github.com/avast/retry-go/v4":          {false, true},
		"github.com/avast/retry-go/v2":          {false, false},
		"example.com/github.com/avast/retry-go": {false, false},
	} {
		if got := [2]bool{isBackoffPath(path), isRetryGoPath(path)}; got != want {
			t.Errorf("%s: (backoff, retry-go) = %v, want %v", path, got, want)
		}
	}
}
