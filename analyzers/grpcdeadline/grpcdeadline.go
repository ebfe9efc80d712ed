package grpcdeadline

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

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

// Analyzer reports gRPC calls and blocking dials that can wait forever.
var Analyzer = &analysis.Analyzer{
	Name:      "grpcdeadline",
	Doc:       analysisdoc.MustExtract(doc, "grpcdeadline"),
	URL:       "https://pkg.go.dev/github.com/timeoutlint/timeoutlint/analyzers/grpcdeadline",
	Run:       run,
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer, directive.Analyzer, ctxorigin.Analyzer},
	FactTypes: []analysis.Fact{(*helperFact)(nil), (*interceptorFact)(nil)},
}

// Categories of grpcdeadline diagnostics.
const (
	CategoryCall   = "call-no-deadline"
	CategoryDial   = "dial-blocks-forever"
	CategoryStream = "stream-no-deadline"
)

// Package paths the analyzer recognises.
const (
	grpcPath     = "google.golang.org/grpc"
	metadataPath = "google.golang.org/grpc/metadata"
	runtimePath  = "github.com/timeoutlint/timeoutlint/runtime/deadlinegrpc"
)

var (
	flagStreams       bool
	flagInterceptors  funcList
	flagDefault       = 5 * time.Second
	flagTests         bool
	flagUnusedIgnores bool
)

func init() {
	Analyzer.Flags.BoolVar(&flagStreams, "streams", false, "also report streaming calls whose context has no deadline")
	Analyzer.Flags.Var(&flagInterceptors, "interceptors", "comma-separated importpath.Func list of functions returning a unary client interceptor that sets a deadline")
	Analyzer.Flags.DurationVar(&flagDefault, "default", flagDefault, "the timeout that suggested fixes insert")
	Analyzer.Flags.BoolVar(&flagTests, "tests", false, "also report findings in _test.go files")
	Analyzer.Flags.BoolVar(&flagUnusedIgnores, "unused-ignores", false, "report timeoutlint:ignore directives that silence nothing")
}

// funcList is the value of -interceptors: package-level functions named
// importpath.Func, validated when set.
type funcList []string

func (l *funcList) String() string { return strings.Join(*l, ",") }

// Set replaces the list with the comma-separated names in s.
func (l *funcList) Set(s string) error {
	var names []string
	for name := range strings.SplitSeq(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		dot := strings.LastIndex(name, ".")
		if dot <= 0 || dot < strings.LastIndex(name, "/") || strings.ContainsAny(name[:dot], " \t\"") ||
			strings.HasSuffix(name[:dot], "/") || !token.IsIdentifier(name[dot+1:]) {
			return fmt.Errorf("invalid interceptor %q: want importpath.Func, e.g. example.com/mw.Timeout", name)
		}
		names = append(names, name)
	}
	*l = names
	return nil
}

// has reports whether fn is a package-level function named in the list.
func (l funcList) has(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	return slices.Contains(l, fn.Pkg().Path()+"."+fn.Name())
}

// checker holds the state of one run: the flags, read once, and the
// package-wide indexes.
type checker struct {
	pass         *analysis.Pass
	rep          *directive.Reporter
	origins      *ctxorigin.Result
	inspect      *inspector.Inspector
	streams      bool
	interceptors funcList
	def          time.Duration
	module       string // the analyzed code: see analyzedCode
	values       *valueIndex
	helpers      map[*types.Func]*helperFact // this package's helpers
	icepts       map[*types.Func]bool        // this package's deadline-setting interceptors
	clientStream *types.Interface            // grpc.ClientStream, when known
}

func run(pass *analysis.Pass) (any, error) {
	rep := directive.NewReporter(pass, directive.Options{Tests: flagTests, UnusedIgnores: flagUnusedIgnores})
	defer rep.Finish()
	if rep.OnlyTests() {
		return nil, nil // test files are not reported (-tests)
	}
	// Fast path: an RPC, a dial or an interceptor needs the grpc package
	// among the (transitive) imports; a helper call needs a fact.
	grpcPkg := findPackage(pass.Pkg, grpcPath)
	if grpcPkg == nil && len(pass.AllObjectFacts()) == 0 {
		return nil, nil
	}
	def := flagDefault
	if def <= 0 {
		def = 5 * time.Second // a fix must never insert an unbounded value
	}
	c := &checker{
		pass:         pass,
		rep:          rep,
		origins:      pass.ResultOf[ctxorigin.Analyzer].(*ctxorigin.Result),
		inspect:      lazyinspect.Of(pass),
		streams:      flagStreams,
		interceptors: slices.Clone(flagInterceptors),
		def:          def,
		module:       analyzedCode(pass),
		helpers:      make(map[*types.Func]*helperFact),
		icepts:       make(map[*types.Func]bool),
	}
	if grpcPkg != nil {
		if obj, ok := grpcPkg.Scope().Lookup("ClientStream").(*types.TypeName); ok {
			c.clientStream, _ = obj.Type().Underlying().(*types.Interface)
		}
	}
	c.findInterceptors()
	c.findHelpers()
	if rep.FactsOnly() {
		return nil, nil
	}
	for cur := range c.inspect.Root().Preorder((*ast.CallExpr)(nil)) {
		if rep.Skip(cur.Node().Pos()) {
			continue // generated file, or test file without -tests
		}
		c.checkCall(cur, cur.Node().(*ast.CallExpr))
	}
	return nil, nil
}

// findPackage returns the package with the given path among the transitive
// imports of pkg (pkg included), or nil.
func findPackage(pkg *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{pkg: true}
	stack := []*types.Package{pkg}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.Path() == path {
			return p
		}
		for _, imp := range p.Imports() {
			if !seen[imp] {
				seen[imp] = true
				stack = append(stack, imp)
			}
		}
	}
	return nil
}

// analyzedCode returns the key of the code under analysis, shared by every
// package of it: the module path when the driver knows it (module mode, go
// vet), otherwise (GOPATH mode) the first element of the import path.
// Reports through helpers stay within it: never through the standard
// library or third-party modules.
func analyzedCode(pass *analysis.Pass) string {
	return scope.Of(pass, nil).String()
}

// checkCall checks one call: an RPC, a dial, or a call of a helper that
// makes an RPC with its context parameter.
func (c *checker) checkCall(cur inspector.Cursor, call *ast.CallExpr) {
	if r, ok := c.rpcOf(call); ok {
		c.checkRPC(cur, call, r)
		return
	}
	fn := typematch.CalleeFunc(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	if typematch.IsFunctionNamed(fn, grpcPath, "Dial", "DialContext") {
		c.checkDial(cur, call, fn)
		return
	}
	if h := c.helperOf(fn); h != nil {
		c.checkHelperCall(cur, call, fn, h)
	}
}

// checkRPC reports an RPC whose context is a root context.
func (c *checker) checkRPC(cur inspector.Cursor, call *ast.CallExpr, r rpc) {
	if r.stream && !c.streams {
		return // streams are long-lived by design; opt in with -streams
	}
	o := c.origins.Of(r.ctx)
	if o.Kind != ctxorigin.Root {
		return // a deadline, the caller's context, a detached one, or unknown
	}
	if !r.stream && c.connOf(r.recv, 0) != connPlain {
		return // a deadline-setting interceptor on the connection, or cannot tell
	}
	what, cat := "gRPC call", CategoryCall
	if r.stream {
		what, cat = "gRPC stream", CategoryStream
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: cat,
		Message: fmt.Sprintf("%s %s has no deadline: its context is %s and it waits forever on a stalled server; %s",
			what, r.name, rootName(c.pass.TypesInfo, o), c.remedy(cur, r.stream)),
	}
	d.SuggestedFixes = c.ctxFixes(cur, r.ctx, o, r.stream)
	c.rep.Report(d)
}

// checkHelperCall reports a root context passed into a helper that makes an
// RPC with it.
func (c *checker) checkHelperCall(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func, h *helperFact) {
	if h.Stream && !c.streams {
		return // the helper only opens streams
	}
	if h.Param >= len(call.Args) || call.Ellipsis.IsValid() && h.Param >= len(call.Args)-1 {
		return
	}
	arg := call.Args[h.Param]
	o := c.origins.Of(arg)
	if o.Kind != ctxorigin.Root {
		return
	}
	if !h.Stream && c.connOfOperands(call, 0) != connPlain {
		return // a client built with a deadline interceptor is passed in
	}
	cat := CategoryCall
	if h.Stream {
		cat = CategoryStream
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: cat,
		Message: fmt.Sprintf("%s passed to %s reaches gRPC %s with no deadline and waits forever on a stalled server; %s",
			rootName(c.pass.TypesInfo, o), funcName(fn), h.RPC, c.remedy(cur, h.Stream)),
	}
	d.SuggestedFixes = c.ctxFixes(cur, arg, o, h.Stream)
	c.rep.Report(d)
}

// checkDial reports grpc.Dial and grpc.DialContext with a blocking option
// and no deadline on the dial context.
func (c *checker) checkDial(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	o := c.dialOptions(call, fn)
	if o.block == "" {
		return // returns at once and connects in the background (FailOnNonTempDialError alone does not block)
	}
	if o.timeout || o.unknown {
		return // grpc.WithTimeout bounds the blocking dial, or an option the analysis cannot see may
	}
	root := "context.Background()" // what grpc.Dial uses
	var fixes []analysis.SuggestedFix
	if fn.Name() == "DialContext" {
		if len(call.Args) == 0 {
			return
		}
		origin := c.origins.Of(call.Args[0])
		if origin.Kind != ctxorigin.Root {
			return // a deadline, or the caller's context
		}
		root = rootName(c.pass.TypesInfo, origin)
		fixes = c.ctxFixes(cur, call.Args[0], origin, false)
	} else {
		fixes = c.dialFixes(cur, call)
	}
	remedy := "dial with a context.WithTimeout context, or use grpc.NewClient, which never blocks"
	if p, ok := c.incomingAt(cur); ok {
		remedy = "dial with the incoming context " + p.Expr()
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: CategoryDial,
		Message: fmt.Sprintf("grpc.%s with grpc.%s() blocks forever when the target is unreachable: its context is %s, with no deadline; %s",
			fn.Name(), o.block, root, remedy),
		SuggestedFixes: fixes,
	})
}

// remedy is the end of a message: what to do.
func (c *checker) remedy(cur inspector.Cursor, stream bool) string {
	if p, ok := c.incomingAt(cur); ok {
		return "pass the incoming context " + p.Expr()
	}
	if stream {
		return "use a context with a deadline or cancel it when the stream is done"
	}
	return "use context.WithTimeout or a deadline interceptor (deadlinegrpc.UnaryClientInterceptor)"
}

// rootName returns "context.Background()" or "context.TODO()" for the root
// of o.
func rootName(info *types.Info, o ctxorigin.Origin) string {
	if call := o.RootCall(); call != nil {
		if fn := typematch.CalleeFunc(info, call); fn != nil {
			return fn.Pkg().Name() + "." + fn.Name() + "()"
		}
	}
	return "a root context"
}

// funcName returns pkg.F or T.M for fn, as messages name it.
func funcName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		if n, ok := types.Unalias(typematch.Deref(recv.Type())).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}
