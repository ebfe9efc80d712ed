package analyzers_test

import (
	"fmt"
	"go/types"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/timeoutlint/timeoutlint/analyzers"
	"github.com/timeoutlint/timeoutlint/internal/directive"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// TestFactsOnlySameFacts checks the contract of directive.Reporter.FactsOnly:
// an analyzer that skips its checks on a package analyzed for its facts
// alone must export exactly the facts it exports when it reports. Every
// fixture package is analyzed twice, all of them facts-only the second time,
// with the standard library packages they import (net, net/http, os/exec,
// database/sql, ...), and the facts of every package are compared.
func TestFactsOnlySameFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every fixture package with its dependencies")
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   testutil.TestData() + "/src",
		Env:   append(os.Environ(), "GOPATH="+testutil.TestData(), "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, "./...", "net/http", "os/exec", "database/sql")
	if err != nil {
		t.Fatal(err)
	}
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) == 0 && !p.IllTyped {
			ok = append(ok, p)
		}
	}
	if len(ok) < 60 {
		t.Fatalf("loaded %d well-typed packages of %d; want the fixtures", len(ok), len(pkgs))
	}

	facts := func(factsOnly bool) map[string][]string {
		directive.SetFactsOnly(func(*types.Package) bool { return factsOnly })
		defer directive.SetFactsOnly(nil)
		graph, err := checker.Analyze(analyzers.All, ok, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := make(map[string][]string)
		reports := 0
		for act := range graph.All() {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			reports += len(act.Diagnostics)
			key := act.Analyzer.Name + " " + act.Package.ID
			for _, f := range act.AllObjectFacts() {
				if f.Object.Pkg() == act.Package.Types { // its own, not those it inherits
					out[key] = append(out[key], fmt.Sprintf("%s: %T %+v", f.Object, f.Fact, f.Fact))
				}
			}
			for _, f := range act.AllPackageFacts() {
				if f.Package == act.Package.Types {
					out[key] = append(out[key], fmt.Sprintf("package: %T %+v", f.Fact, f.Fact))
				}
			}
			slices.Sort(out[key])
		}
		if factsOnly && reports > 0 {
			t.Errorf("facts-only analysis reported %d diagnostics; the checks should have been skipped", reports)
		}
		if !factsOnly && reports == 0 {
			t.Error("the fixtures reported nothing")
		}
		return out
	}
	full, only := facts(false), facts(true)

	n := 0
	for key, want := range full {
		n += len(want)
		if got := only[key]; !slices.Equal(got, want) {
			t.Errorf("%s: facts-only analysis exported\n\t%s\nwant\n\t%s", key, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
	for key, got := range only {
		if _, found := full[key]; !found && len(got) > 0 {
			t.Errorf("%s: facts-only analysis exported facts the full one did not: %v", key, got)
		}
	}
	if n < 20 {
		t.Errorf("only %d facts exported in all; the comparison needs the fact fixtures", n)
	}
	t.Logf("%d facts compared over %d packages", n, len(ok))
}
