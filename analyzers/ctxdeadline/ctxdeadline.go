package ctxdeadline

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/analysisdoc"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/directive"
	"github.com/timeoutlint/timeoutlint/internal/lazyinspect"
	"github.com/timeoutlint/timeoutlint/internal/scope"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

//go:embed doc.go
var doc string

// Analyzer reports calls that drop the deadline of the incoming context.
var Analyzer = &analysis.Analyzer{
	Name:      "ctxdeadline",
	Doc:       analysisdoc.MustExtract(doc, "ctxdeadline"),
	URL:       "https://pkg.go.dev/github.com/timeoutlint/timeoutlint/analyzers/ctxdeadline",
	Run:       run,
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer, directive.Analyzer, ctxorigin.Analyzer},
	FactTypes: []analysis.Fact{(*dropsDeadlineFact)(nil)},
}

// Categories of ctxdeadline diagnostics.
const (
	CategoryDropped = "deadline-dropped"
	CategoryReset   = "deadline-reset"
	CategoryVariant = "ctx-variant"
	CategoryCallee  = "callee-drops-deadline"
	CategoryUnit    = "timeout-unit"
)

var (
	flagTests         bool
	flagUnusedIgnores bool
	flagVariants      = variantPairs{}
	flagModule        scope.Prefixes // the analyzed code (-module)
)

func init() {
	Analyzer.Flags.BoolVar(&flagTests, "tests", false, "also report findings in _test.go files")
	Analyzer.Flags.BoolVar(&flagUnusedIgnores, "unused-ignores", false, "report timeoutlint:ignore directives that silence nothing")
	Analyzer.Flags.Var(&flagVariants, "variants", "extra context variants, comma-separated `pkg.F:pkg.G` or `(*pkg.T).M:(*pkg.T).MContext` pairs")
	Analyzer.Flags.Var(&flagModule, "module", "comma-separated import path prefixes of the analyzed code, whose functions callee-drops-deadline follows (default: the module of the package, or in GOPATH mode the first element of its path)")
}

// checker holds the state of one run: the flags, read once, and what the
// walk over the package collects.
type checker struct {
	pass     *analysis.Pass
	rep      *directive.Reporter
	origins  *ctxorigin.Result
	inspect  *inspector.Inspector
	variants variantPairs
	boundary scope.Prefixes
	// siblings caches the context variant of each function met (nil: none).
	siblings map[*types.Func]*variant
	// roots holds the findings at Background()/TODO() calls, one per call,
	// reported in source order after the walk.
	roots map[*ast.CallExpr]*rootFinding
	// bgCursors locates each Background()/TODO() call met.
	bgCursors map[*ast.CallExpr]inspector.Cursor
	uses      []rootUse
	// drops and edges feed the callee-drops-deadline facts; calls holds the
	// calls to check against them once they are known.
	drops map[*types.Func]*dropsDeadlineFact
	edges []edge
	calls []calleeCall
	// variantCalls holds the calls reported as ctx-variant: a callee that
	// drops the deadline but has a variant is reported once, with the variant.
	variantCalls map[*ast.CallExpr]bool
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
		variants:  flagVariants,
		boundary:  scope.Of(pass, flagModule),
		siblings:  make(map[*types.Func]*variant),
		roots:     make(map[*ast.CallExpr]*rootFinding),
		bgCursors: make(map[*ast.CallExpr]inspector.Cursor),
		drops:     make(map[*types.Func]*dropsDeadlineFact),

		variantCalls: make(map[*ast.CallExpr]bool),
	}
	factsOnly := rep.FactsOnly()
	if factsOnly && !c.mayHoldFact() || !factsOnly && !c.applicable() {
		return nil, nil
	}
	c.inspect = lazyinspect.Of(pass)
	for cur := range c.inspect.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.CalleeFunc(pass.TypesInfo, call)
		if isRootCall(fn) {
			c.bgCursors[call] = cur
		}
		if !factsOnly {
			c.checkUnit(call, fn)
		}
		c.collectRoots(cur, call, fn)
		if fn == nil {
			continue // a function value, builtin or conversion
		}
		c.collectCallee(cur, call, fn)
		if !factsOnly {
			c.checkVariant(cur, call, fn)
		}
	}
	c.checkRoots()
	c.exportFacts()
	if !factsOnly {
		c.reportRoots()
		c.reportCallees()
	}
	return nil, nil
}

// mayHoldFact reports whether a function of the package can drop a
// deadline, when only facts are wanted (Reporter.FactsOnly). A drop starts
// at a Background()/TODO() call of the package, or at a call of an
// imported function of the analyzed code that drops one (a fact). Uses is
// scanned rather than the syntax, as in applicable.
func (c *checker) mayHoldFact() bool {
	if c.hasBoundaryFacts() {
		return true
	}
	for _, obj := range c.pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && isRootCall(fn) {
			return true
		}
	}
	return false
}

// hasBoundaryFacts reports whether an imported function of the analyzed
// code carries a fact.
func (c *checker) hasBoundaryFacts() bool {
	for _, f := range c.pass.AllObjectFacts() {
		if f.Object.Pkg() != nil && c.boundary.Contains(f.Object.Pkg().Path()) {
			return true
		}
	}
	return false
}

// applicable reports whether the package can hold a finding or a fact. Only
// direct imports count. Without context and net/http, a package can still
// have an incoming context through a framework type (a gin-style *Context
// implements context.Context without its users importing context), and can
// drop a deadline through a helper of the analyzed code that does (facts);
// both are checked cheaply before the walk.
func (c *checker) applicable() bool {
	if typematch.ImportsAny(c.pass.Pkg, "context", "net/http") || c.hasBoundaryFacts() {
		return true
	}
	// A parameter of context type, named in a function declaration, a
	// function literal or a method of an interface; unnamed parameters cannot
	// be used. Defs is scanned rather than the syntax, which would need the
	// inspector this fast path exists to avoid building.
	seen := make(map[types.Type]bool)
	for _, obj := range c.pass.TypesInfo.Defs {
		v, ok := obj.(*types.Var)
		if !ok || v.Kind() != types.ParamVar {
			continue
		}
		if t := v.Type(); !seen[t] {
			seen[t] = true
			if typematch.IsContext(t) {
				return true
			}
		}
	}
	return false
}

// isRootCall reports whether fn is context.Background or context.TODO.
func isRootCall(fn *types.Func) bool {
	return typematch.IsFunctionNamed(fn, "context", "Background", "TODO")
}

// report reports a diagnostic through the directive filter.
func (c *checker) report(d analysis.Diagnostic) { c.rep.Report(d) }

// callName returns how the called function is written at the call, for
// messages: "db.Query", "exec.Command", "load".
func callName(fun ast.Expr) string {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		return types.ExprString(f)
	case *ast.IndexExpr:
		return callName(f.X)
	case *ast.IndexListExpr:
		return callName(f.X)
	case *ast.FuncLit:
		return "a function literal"
	}
	return "the call"
}
