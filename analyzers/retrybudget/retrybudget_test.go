package retrybudget_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/timeoutlint/timeoutlint/analyzers/retrybudget"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// TestAnalyzer runs every default-flag fixture package in one load.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), retrybudget.Analyzer,
		"retrybudget/waits",
		"retrybudget/retries",
		"retrybudget/periodic",
		"retrybudget/lib",
		"retrybudget/facts/helper",
		"retrybudget/facts/fatal",
		"retrybudget/facts/user", // facts from retrybudget/facts/helper
		"retrybudget/generated",
		"retrybudget/testsflag", // its _test.go findings need -tests
		"retrybudget/timerdrain",
		"retrybudget/parkloop",
		"retrybudget/loggers",
	)
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(), retrybudget.Analyzer, "retrybudget/fixes", "retrybudget/fixlib")
	testutil.GoldenCompiles(t, "retrybudget/fixlib")
	goldenSectionsCompile(t, "retrybudget/fixes", "github.com/timeoutlint/timeoutlint/runtime/budget")
}

func TestTestsFlag(t *testing.T) {
	testutil.SetFlag(t, retrybudget.Analyzer, "tests", "true")
	analysistest.Run(t, testutil.TestData(), retrybudget.Analyzer, "retrybudget/withtests")
}

func TestIgnoreDirectives(t *testing.T) {
	testutil.SetFlag(t, retrybudget.Analyzer, "unused-ignores", "true")
	analysistest.Run(t, testutil.TestData(), retrybudget.Analyzer, "retrybudget/ignore")
}

func TestSlackFlag(t *testing.T) {
	testutil.SetFlag(t, retrybudget.Analyzer, "slack", "1s")
	analysistest.Run(t, testutil.TestData(), retrybudget.Analyzer, "retrybudget/slack")
}
