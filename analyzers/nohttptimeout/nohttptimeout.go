package nohttptimeout

import (
	_ "embed"
	"go/ast"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/analysisdoc"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/directive"
	"github.com/timeoutlint/timeoutlint/internal/lazyinspect"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

//go:embed doc.go
var doc string

// Analyzer reports HTTP clients, servers and dialers without a bound.
var Analyzer = &analysis.Analyzer{
	Name:      "nohttptimeout",
	Doc:       analysisdoc.MustExtract(doc, "nohttptimeout"),
	URL:       "https://pkg.go.dev/github.com/timeoutlint/timeoutlint/analyzers/nohttptimeout",
	Run:       run,
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer, directive.Analyzer, ctxorigin.Analyzer},
	FactTypes: []analysis.Fact{(*setsTimeoutFact)(nil)},
}

// Categories of nohttptimeout diagnostics.
const (
	CategoryClient        = "client-no-timeout"
	CategoryDefaultClient = "default-client"
	CategoryServer        = "server-no-timeout"
	CategoryServe         = "serve-no-timeout"
	CategoryDial          = "dial-no-timeout"
	CategoryUnit          = "timeout-unit"
	CategoryTooLarge      = "timeout-too-large"
)

var (
	flagMax           = 10 * time.Minute
	flagDefault       = 10 * time.Second
	flagTests         bool
	flagUnusedIgnores bool
)

func init() {
	Analyzer.Flags.DurationVar(&flagMax, "max", flagMax, "report constant timeouts above this duration")
	Analyzer.Flags.DurationVar(&flagDefault, "default", flagDefault, "the timeout that suggested fixes insert")
	Analyzer.Flags.BoolVar(&flagTests, "tests", false, "also report findings in _test.go files")
	Analyzer.Flags.BoolVar(&flagUnusedIgnores, "unused-ignores", false, "report timeoutlint:ignore directives that silence nothing")
}

// checker holds the state of one run: the flags, read once, and the
// package-wide indexes.
type checker struct {
	pass    *analysis.Pass
	rep     *directive.Reporter
	origins *ctxorigin.Result
	inspect *inspector.Inspector
	max     time.Duration
	def     time.Duration
	stores  *storeIndex
	calls   *callIndex           // built on first use
	sources map[*ast.File][]byte // file contents read for fixes
	// defaultSet caches whether http.DefaultClient.Timeout is set in the
	// package: 0 unknown, 1 yes, -1 no.
	defaultSet int
}

func run(pass *analysis.Pass) (any, error) {
	rep := directive.NewReporter(pass, directive.Options{Tests: flagTests, UnusedIgnores: flagUnusedIgnores})
	defer rep.Finish()
	if rep.OnlyTests() {
		return nil, nil // test files are not reported (-tests)
	}
	// Fast path: only direct imports count. A package that reaches net/http
	// only through a wrapper builds no client, server or dialer itself.
	if !typematch.ImportsAny(pass.Pkg, "net/http", "net", "crypto/tls") {
		return nil, nil
	}
	if pass.Pkg.Name() == "httptest" {
		return nil, nil // builds test servers and their clients on loopback (net/http/httptest, or a project's own): exempt like httptest servers
	}
	if flagDefault <= 0 {
		flagDefault = 10 * time.Second // a fix must never insert an unbounded value
	}
	factsOnly := rep.FactsOnly()
	if factsOnly && !usesBoundingField(pass) {
		return nil, nil // no setsTimeoutFact without a store to a bounding field
	}
	in := lazyinspect.Of(pass)
	c := &checker{
		pass:    pass,
		rep:     rep,
		origins: pass.ResultOf[ctxorigin.Analyzer].(*ctxorigin.Result),
		inspect: in,
		max:     flagMax,
		def:     flagDefault,
		sources: make(map[*ast.File][]byte),
	}
	c.stores = indexStores(pass, in)
	c.exportFacts()
	if factsOnly {
		return nil, nil
	}

	for cur := range in.Root().Preorder(
		(*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.ValueSpec)(nil),
		(*ast.SelectorExpr)(nil), (*ast.AssignStmt)(nil),
	) {
		if rep.Skip(cur.Node().Pos()) {
			continue // generated file, or test file without -tests
		}
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			c.checkCompositeLit(cur, n)
		case *ast.CallExpr:
			c.checkCall(cur, n)
		case *ast.ValueSpec:
			c.checkVarDecl(cur, n)
		case *ast.SelectorExpr:
			c.checkDefaultClientSelector(cur, n)
		case *ast.AssignStmt:
			c.checkTimeoutAssign(n)
		}
	}
	return nil, nil
}

// constructed describes the struct types whose construction is checked.
type constructed int

const (
	notConstructed constructed = iota
	httpClient
	httpServer
	netDialer
)

// kindOf classifies t (not a pointer) as one of the checked struct types.
func kindOf(t types.Type) constructed {
	switch {
	case typematch.IsTypeNamed(t, "net/http", "Client"):
		return httpClient
	case typematch.IsTypeNamed(t, "net/http", "Server"):
		return httpServer
	case typematch.IsTypeNamed(t, "net", "Dialer"):
		return netDialer
	}
	return notConstructed
}

func (c *checker) checkCompositeLit(cur inspector.Cursor, lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	c.checkDurationFields(lit, t)
	switch kindOf(t) {
	case httpClient:
		c.checkClient(cur, lit, lit)
	case httpServer:
		c.checkServer(cur, lit, lit)
	case netDialer:
		c.checkDialer(cur, lit, lit)
	}
}

func (c *checker) checkVarDecl(cur inspector.Cursor, spec *ast.ValueSpec) {
	if len(spec.Values) != 0 || spec.Type == nil {
		return
	}
	for _, name := range spec.Names {
		obj, ok := c.pass.TypesInfo.Defs[name].(*types.Var)
		if !ok || name.Name == "_" {
			continue
		}
		switch kindOf(obj.Type()) {
		case httpClient:
			c.checkZeroVar(cur, name, obj, httpClient)
		case httpServer:
			c.checkZeroVar(cur, name, obj, httpServer)
		case netDialer:
			c.checkZeroVar(cur, name, obj, netDialer)
		}
	}
}

func (c *checker) checkCall(cur inspector.Cursor, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	if isNewOf(info, call) {
		switch kindOf(typematch.Deref(info.TypeOf(call))) {
		case httpClient:
			c.checkClient(cur, call, nil)
		case httpServer:
			c.checkServer(cur, call, nil)
		case netDialer:
			c.checkDialer(cur, call, nil)
		}
		return
	}
	fn := typematch.CalleeFunc(info, call)
	if fn == nil {
		return
	}
	switch {
	case typematch.IsFunctionNamed(fn, "net/http", "Get", "Head", "Post", "PostForm"):
		c.checkDefaultHelper(call, fn)
	case typematch.IsFunctionNamed(fn, "net/http", "ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS"):
		c.checkServe(cur, call, fn)
	case typematch.IsFunctionNamed(fn, "net", "Dial"), typematch.IsFunctionNamed(fn, "crypto/tls", "Dial"):
		c.checkDialCall(cur, call, fn)
	case typematch.IsFunctionNamed(fn, "net", "DialTimeout"):
		if len(call.Args) == 3 {
			c.checkDuration(call.Args[2], "net.DialTimeout timeout", true)
		}
	case typematch.IsFunctionNamed(fn, "net/http", "TimeoutHandler"):
		if len(call.Args) == 3 {
			c.checkDuration(call.Args[1], "http.TimeoutHandler timeout", true)
		}
	}
}

// isNewOf reports whether call is a call of the builtin new.
func isNewOf(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "new"
}

// report reports a diagnostic through the directive filter.
func (c *checker) report(d analysis.Diagnostic) { c.rep.Report(d) }
