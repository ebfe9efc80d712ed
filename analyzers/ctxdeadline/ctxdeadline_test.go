package ctxdeadline_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/timeoutlint/timeoutlint/analyzers/ctxdeadline"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// TestAnalyzer runs every default-flag fixture package in one load.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), ctxdeadline.Analyzer,
		"ctxdeadline/dropped",
		"ctxdeadline/reset",
		"ctxdeadline/variant",
		"ctxdeadline/callee/helper",
		"ctxdeadline/callee/mid",
		"ctxdeadline/callee/user",
	)
}
