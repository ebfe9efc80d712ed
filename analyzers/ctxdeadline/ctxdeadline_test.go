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
		"ctxdeadline/units",
		"ctxdeadline/framework",
		"ctxdeadline/testsquiet", // its _test.go findings need -tests
		"ctxdeadline/cmdmain",
		"ctxdeadline/runonce",
		"ctxdeadline/blankparam",
	)
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(), ctxdeadline.Analyzer, "ctxdeadline/fixes")
	testutil.GoldenCompiles(t, "ctxdeadline/fixes")
}

// TestFlags runs the flag-variant packages in one load: the flags do not
// interact (-module only concerns callee-drops-deadline, which only
// moduleflag exercises).
func TestFlags(t *testing.T) {
	testutil.SetFlag(t, ctxdeadline.Analyzer, "tests", "true")
	testutil.SetFlag(t, ctxdeadline.Analyzer, "unused-ignores", "true")
	testutil.SetFlag(t, ctxdeadline.Analyzer, "variants",
		"ctxdeadline/variantsflag.Open:ctxdeadline/variantsflag.Dial,"+
			"(*ctxdeadline/variantsflag.Conn).Run:(*ctxdeadline/variantsflag.Conn).Exec")
	testutil.SetFlag(t, ctxdeadline.Analyzer, "module", "ctxdeadline/moduleflag/own")
	analysistest.Run(t, testutil.TestData(), ctxdeadline.Analyzer,
		"ctxdeadline/withtests",                                      // -tests
		"ctxdeadline/ignore",                                         // -unused-ignores
		"ctxdeadline/variantsflag",                                   // -variants
		"ctxdeadline/moduleflag/own", "ctxdeadline/moduleflag/other", // -module
	)
}

func TestVariantsFlagValidates(t *testing.T) {
	f := ctxdeadline.Analyzer.Flags.Lookup("variants")
	for _, bad := range []string{"Open", "a.F", "a.F:", "a.F:b G", "(*a.T.M:a.G", "a.F:b.G:c.H"} {
		if err := f.Value.Set(bad); err == nil {
			t.Errorf("-variants=%q: no error", bad)
		}
	}
	t.Cleanup(func() { _ = f.Value.Set("") })
	if err := f.Value.Set("net/http.NewRequest:net/http.NewRequestWithContext,(*database/sql.DB).Begin:(*database/sql.DB).BeginTx"); err != nil {
		t.Errorf("valid -variants: %v", err)
	}
}

func TestModuleFlagValidates(t *testing.T) {
	f := ctxdeadline.Analyzer.Flags.Lookup("module")
	t.Cleanup(func() { _ = f.Value.Set("") })
	if err := f.Value.Set("example.com/a b"); err == nil {
		t.Error("-module with a space: no error")
	}
	if err := f.Value.Set("example.com/a/, example.com/b"); err != nil || f.Value.String() != "example.com/a,example.com/b" {
		t.Errorf("-module: %v, %q", err, f.Value.String())
	}
}
