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
		"grpcdeadline/dial",
		"grpcdeadline/interceptors",
		"grpcdeadline/generated",
		"grpcdeadline/helpers/lib",
		"grpcdeadline/helpers/user", // facts from grpcdeadline/helpers/lib
	)
}

func TestStreams(t *testing.T) {
	testutil.SetFlag(t, grpcdeadline.Analyzer, "streams", "true")
	analysistest.Run(t, testutil.TestData(), grpcdeadline.Analyzer, "grpcdeadline/streams")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(), grpcdeadline.Analyzer, "grpcdeadline/fixes")
	testutil.GoldenCompiles(t, "grpcdeadline/fixes")
}
