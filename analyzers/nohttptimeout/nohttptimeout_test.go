package nohttptimeout_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/timeoutlint/timeoutlint/analyzers/nohttptimeout"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// TestAnalyzer runs every default-flag fixture package in one load.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), nohttptimeout.Analyzer,
		"nohttptimeout/client",
		"nohttptimeout/server",
		"nohttptimeout/serve",
		"nohttptimeout/defaultclient",
		"nohttptimeout/defaultset",
		"nohttptimeout/dial",
		"nohttptimeout/units",
		"nohttptimeout/facts/user", // facts from nohttptimeout/facts/helper
		"nohttptimeout/generated",
		"nohttptimeout/renamed",
		"nohttptimeout/testsflag", // its _test.go findings need -tests
		"nohttptimeout/unixdial",
		"nohttptimeout/structcopy",
		"nohttptimeout/loopbackport",
		"nohttptimeout/testserver/httptest",
		"nohttptimeout/testserver/user",
	)
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(), nohttptimeout.Analyzer, "nohttptimeout/fixes", "nohttptimeout/fiximport")
	testutil.GoldenCompiles(t, "nohttptimeout/fixes", "nohttptimeout/fiximport")
}

func TestTestsFlag(t *testing.T) {
	testutil.SetFlag(t, nohttptimeout.Analyzer, "tests", "true")
	analysistest.Run(t, testutil.TestData(), nohttptimeout.Analyzer, "nohttptimeout/withtests")
}

func TestIgnoreDirectives(t *testing.T) {
	testutil.SetFlag(t, nohttptimeout.Analyzer, "unused-ignores", "true")
	analysistest.Run(t, testutil.TestData(), nohttptimeout.Analyzer, "nohttptimeout/ignore")
}

func TestMaxFlag(t *testing.T) {
	testutil.SetFlag(t, nohttptimeout.Analyzer, "max", "1h")
	analysistest.Run(t, testutil.TestData(), nohttptimeout.Analyzer, "nohttptimeout/maxflag")
}
