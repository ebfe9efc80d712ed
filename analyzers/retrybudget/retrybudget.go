package retrybudget

import (
	_ "embed"
	"go/ast"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/timeoutlint/timeoutlint/internal/analysisdoc"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/directive"
	"github.com/timeoutlint/timeoutlint/internal/lazyinspect"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

//go:embed doc.go
var doc string

// Analyzer reports retry and poll loops that ignore the remaining budget.
var Analyzer = &analysis.Analyzer{
	Name:     "retrybudget",
	Doc:      analysisdoc.MustExtract(doc, "retrybudget"),
	URL:      "https://pkg.go.dev/github.com/timeoutlint/timeoutlint/analyzers/retrybudget",
	Run:      run,
	Requires: []*analysis.Analyzer{lazyinspect.Analyzer, directive.Analyzer, ctxorigin.Analyzer},
	FactTypes: []analysis.Fact{
		(*sleepsFact)(nil), (*waitsCtxFact)(nil), (*hasSleepersFact)(nil), (*noReturnFact)(nil),
	},
}

// Categories of retrybudget diagnostics.
const (
	CategoryWait      = "wait-ignores-deadline"
	CategoryUnbounded = "unbounded-retry"
	CategoryLib       = "retry-lib-no-ctx"
)

// Import paths the analyzer knows.
const (
	budgetPath = "github.com/timeoutlint/timeoutlint/runtime/budget"
	waitPath   = "k8s.io/apimachinery/pkg/util/wait"
)

var (
	flagSlack         = 100 * time.Millisecond
	flagTests         bool
	flagUnusedIgnores bool
)

func init() {
	Analyzer.Flags.DurationVar(&flagSlack, "slack", flagSlack, "tolerate constant waits up to this long in loops that check the context every iteration")
	Analyzer.Flags.BoolVar(&flagTests, "tests", false, "also report findings in _test.go files")
	Analyzer.Flags.BoolVar(&flagUnusedIgnores, "unused-ignores", false, "report timeoutlint:ignore directives that silence nothing")
}

// checker holds the state of one run: the flags, read once, and what the
// package's traversal found.
type checker struct {
	pass    *analysis.Pass
	rep     *directive.Reporter
	origins *ctxorigin.Result
	cfgs    map[ast.Node]*cfg.CFG // built on demand (noreturn.go)
	// funcDecls holds the package's function declarations with a body;
	// noRet memoizes which never return (noreturn.go).
	funcDecls map[*types.Func]*ast.FuncDecl
	noRet     map[*types.Func]int8
	slack     time.Duration
	idx       *index
	// reported holds the loops with a wait-ignores-deadline finding: they
	// are not reported again as unbounded-retry.
	reported map[ast.Node]bool
	// Memos of the helper facts of the package's functions.
	sleepMemo map[*types.Func]*sleepsFact
	ctxMemo   map[*types.Func]int8
}

func run(pass *analysis.Pass) (any, error) {
	rep := directive.NewReporter(pass, directive.Options{Tests: flagTests, UnusedIgnores: flagUnusedIgnores})
	defer rep.Finish()
	if rep.OnlyTests() {
		return nil, nil // test files are not reported (-tests)
	}
	c := &checker{
		pass:      pass,
		rep:       rep,
		origins:   pass.ResultOf[ctxorigin.Analyzer].(*ctxorigin.Result),
		cfgs:      make(map[ast.Node]*cfg.CFG),
		funcDecls: funcDecls(pass),
		noRet:     make(map[*types.Func]int8),
		slack:     flagSlack,
		reported:  make(map[ast.Node]bool),
	}
	// Fast path: a package without waits, observations of a context or
	// retry libraries can hold no finding and no helper fact. Whether a
	// function never returns is still recorded, for its importers' loops.
	if !mayWait(pass) {
		c.exportNoReturnFacts()
		return nil, nil
	}
	c.idx = c.collect(lazyinspect.Of(pass))
	c.resolveCalls()
	c.exportFacts()
	if rep.FactsOnly() {
		return nil, nil
	}

	for _, lw := range c.idx.loops {
		c.checkWaits(lw)
	}
	for _, lw := range c.idx.loops {
		if !c.reported[lw.loop.Node()] {
			c.checkRetry(lw)
		}
	}
	for _, call := range c.idx.libCalls {
		c.checkLibCall(call.cur, call.call, call.fn)
	}
	return nil, nil
}

// mayWait reports whether the package can contain anything the analyzer
// reports or records as a fact, other than noReturnFact. Only direct imports
// count: retry libraries and the runtime come from their packages, helpers
// that sleep from packages that declare them (a package fact), waits from
// package time and observations from context. For those two, the package
// must also use a wait or an observation: time.Sleep, a channel of
// time.Time (time.After, a Timer's or Ticker's C, a clock's channel), the
// Done method of a context, or an imported helper that waits on one. The
// scan of the uses is cheap next to building the syntax index, which many
// packages that import time for durations alone (generated code) would
// otherwise pay.
func mayWait(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		p := imp.Path()
		if p == budgetPath || p == waitPath || isBackoffPath(p) || isRetryGoPath(p) ||
			pass.ImportPackageFact(imp, new(hasSleepersFact)) {
			return true
		}
	}
	if !typematch.ImportsAny(pass.Pkg, "time", "context") {
		return false
	}
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Func:
			if typematch.IsFunctionNamed(obj, "time", "Sleep") {
				return true
			}
			sig := obj.Signature()
			for r := range sig.Results().Variables() {
				if isTimeChan(r.Type()) {
					return true
				}
			}
			if obj.Name() == "Done" && sig.Recv() != nil && typematch.IsContext(sig.Recv().Type()) {
				return true
			}
			if obj.Pkg() != nil && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, new(waitsCtxFact)) {
				return true
			}
		case *types.Var:
			if isTimeChan(obj.Type()) {
				return true
			}
		}
	}
	return false
}

// isTimeChan reports whether t is a channel of time.Time, or holds one as
// the element of a pointer, slice, array or map.
func isTimeChan(t types.Type) bool {
	for range 8 { // (bounded: element types may nest without end through named types)
		switch u := t.Underlying().(type) {
		case *types.Chan:
			return typematch.IsTypeNamed(u.Elem(), "time", "Time")
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// report reports a diagnostic through the directive filter.
func (c *checker) report(d analysis.Diagnostic) { c.rep.Report(d) }
