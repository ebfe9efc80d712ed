package grpcdeadline_test

import (
	"path/filepath"
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

func TestInterceptorsFlag(t *testing.T) {
	testutil.SetFlag(t, grpcdeadline.Analyzer, "interceptors", "example.com/mw.Timeout, example.com/other.Bound")
	analysistest.Run(t, testutil.TestData(), grpcdeadline.Analyzer, "grpcdeadline/interceptorflag")
}

func TestInterceptorsFlagValidation(t *testing.T) {
	f := grpcdeadline.Analyzer.Flags.Lookup("interceptors")
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	for _, bad := range []string{"Timeout", "example.com/mw", "example.com/mw.", "example.com/mw.1x", ".Timeout", "example.com/mw/.Timeout"} {
		if err := f.Value.Set(bad); err == nil {
			t.Errorf("Set(%q) succeeded, want an error", bad)
		}
	}
	for _, good := range []string{"", "example.com/mw.Timeout", "mw.Timeout,gopkg.in/x.v1/y.Z"} {
		if err := f.Value.Set(good); err != nil {
			t.Errorf("Set(%q): %v", good, err)
		}
	}
}

func TestTestsFlag(t *testing.T) {
	testutil.SetFlag(t, grpcdeadline.Analyzer, "tests", "true")
	analysistest.Run(t, testutil.TestData(), grpcdeadline.Analyzer, "grpcdeadline/withtests")
}

// TestModule runs the analyzer in module mode on a module that depends on
// the real google.golang.org/grpc v1.85.0 (from the module cache) and on
// this repository's runtime/deadlinegrpc (through a replace directive).
func TestModule(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "e2e"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, grpcdeadline.Analyzer, "./...")
}
