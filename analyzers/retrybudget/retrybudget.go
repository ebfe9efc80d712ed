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
	slack   time.Duration
	idx     *index
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
	// Fast path: only direct imports count. Waits come from package time,
	// observations from context, retry libraries from their packages, and
	// helpers that sleep from packages that declare them (a package fact).
	if !mayWait(pass) {
		return nil, nil
	}
	c := &checker{
		pass:     pass,
		rep:      rep,
		origins:  pass.ResultOf[ctxorigin.Analyzer].(*ctxorigin.Result),
		cfgs:     make(map[ast.Node]*cfg.CFG),
		slack:    flagSlack,
		reported: make(map[ast.Node]bool),
	}
	c.idx = c.collect(lazyinspect.Of(pass))
	c.resolveCalls()
	c.exportFacts()

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
// reports or records as a fact.
func mayWait(pass *analysis.Pass) bool {
	if typematch.ImportsAny(pass.Pkg, "time", "context", budgetPath, waitPath) {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if isBackoffPath(imp.Path()) || isRetryGoPath(imp.Path()) {
			return true
		}
		if pass.ImportPackageFact(imp, new(hasSleepersFact)) {
			return true
		}
	}
	return false
}

// report reports a diagnostic through the directive filter.
func (c *checker) report(d analysis.Diagnostic) { c.rep.Report(d) }
