package grpcdeadline_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/timeoutlint/timeoutlint/analyzers/grpcdeadline"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// TestAnalyzer runs every default-flag fixture package in one load.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), grpcdeadline.Analyzer,
		"grpcdeadline/call",
	)
}
