package scaling_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/timeoutlint/timeoutlint/analyzers/ctxdeadline"
	"github.com/timeoutlint/timeoutlint/analyzers/grpcdeadline"
	"github.com/timeoutlint/timeoutlint/analyzers/nohttptimeout"
	"github.com/timeoutlint/timeoutlint/analyzers/retrybudget"
	"github.com/timeoutlint/timeoutlint/bench/scaling"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// sizes are the package sizes, in functions, of every benchmark.
var sizes = []int{1000, 5000, 20000}

func BenchmarkNohttptimeout(b *testing.B) { benchSizes(b, nohttptimeout.Analyzer) }
func BenchmarkCtxdeadline(b *testing.B)   { benchSizes(b, ctxdeadline.Analyzer) }
func BenchmarkRetrybudget(b *testing.B)   { benchSizes(b, retrybudget.Analyzer) }
func BenchmarkGrpcdeadline(b *testing.B)  { benchSizes(b, grpcdeadline.Analyzer) }

func benchSizes(b *testing.B, a *analysis.Analyzer) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			pkgs, nfuncs := load(b, n)
			runtime.GC()
			best, deps := time.Duration(math.MaxInt64), time.Duration(0)
			for b.Loop() {
				g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, &checker.Options{Sequential: true})
				if err != nil {
					b.Fatal(err)
				}
				p, d := split(b, g, pkgs[0])
				best, deps = min(best, p), deps+d
			}
			b.ReportMetric(float64(best.Nanoseconds())/float64(nfuncs), "ns/func")
			b.ReportMetric(float64(deps.Milliseconds())/float64(b.N), "deps-ms")
		})
	}
}

// split returns the time spent on the generated package (the analyzer and
// the analyzers it requires: lazyinspect, ctxorigin and directive, whose
// work happens inside the analyzer's action when it first asks) and on its
// dependencies (facts make a fact-using
// analyzer run on every dependency, at a cost that does not depend on the
// package's size). The times are those of checker's sequential mode, where
// each action's duration is its own. It fails on any analysis error.
func split(b testing.TB, g *checker.Graph, pkg *packages.Package) (inPkg, deps time.Duration) {
	for act := range g.All() {
		if act.Err != nil {
			b.Fatalf("%s: %v", act, act.Err)
		}
		if act.Package == pkg {
			inPkg += act.Duration
		} else {
			deps += act.Duration
		}
	}
	return inPkg, deps
}

type loaded struct {
	pkgs   []*packages.Package
	nfuncs int
}

var (
	cacheMu sync.Mutex
	cache   = map[int]loaded{} // by requested size, shared by the benchmarks
)

// load generates a package of about n functions in GOPATH mode (the stubs of
// gRPC and the retry libraries come from the fixtures' GOPATH) and loads it
// with its dependencies' syntax, as checker.Analyze needs for facts. It is
// done once per size, outside the timer.
func load(b testing.TB, n int) ([]*packages.Package, int) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if l, ok := cache[n]; ok {
		return l.pkgs, l.nfuncs
	}
	gopath := filepath.Join(os.TempDir(), fmt.Sprintf("timeoutlint-scaling-%d-%d", os.Getpid(), n))
	b.Cleanup(func() { os.RemoveAll(gopath) })
	nfuncs, err := scaling.Generate(filepath.Join(gopath, "src", "scalegen"), n)
	if err != nil {
		b.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(gopath, "src", "scalegen"),
		Env: append(os.Environ(),
			"GOPATH="+gopath+string(os.PathListSeparator)+testutil.TestData(),
			"GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 || len(pkgs) != 1 {
		b.Fatalf("loading the generated package failed")
	}
	cache[n] = loaded{pkgs, nfuncs}
	return pkgs, nfuncs
}

// TestGenerated checks that a small generated package type-checks and that
// every analyzer finds something in it (so the benchmarks exercise the
// reporting paths, not only the scans).
func TestGenerated(t *testing.T) {
	pkgs, nfuncs := load(t, 2*scaling.FuncsPerGroup)
	if nfuncs != 2*scaling.FuncsPerGroup {
		t.Fatalf("generated %d functions, want %d", nfuncs, 2*scaling.FuncsPerGroup)
	}
	for _, a := range []*analysis.Analyzer{nohttptimeout.Analyzer, ctxdeadline.Analyzer, retrybudget.Analyzer, grpcdeadline.Analyzer} {
		g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		cats := map[string]int{}
		for _, act := range g.Roots {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, d := range act.Diagnostics {
				cats[d.Category]++
			}
		}
		if len(cats) == 0 {
			t.Errorf("%s: no diagnostics on the generated package", a.Name)
		}
		t.Logf("%s: %v", a.Name, cats)
	}
}
