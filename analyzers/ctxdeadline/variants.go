package ctxdeadline

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// variantKind says how a call is rewritten to its context variant.
type variantKind uint8

const (
	sibling     variantKind = iota // F(args) → FContext(ctx, args)
	httpHelper                     // http.Get & co → NewRequestWithContext + Do (no fix)
	beginTx                        // db.Begin() → db.BeginTx(ctx, nil)
	dialContext                    // net.Dial(n, a) → (&net.Dialer{}).DialContext(ctx, n, a)
	userPair                       // -variants pair whose target is not a sibling (no fix)
)

// A variant is the context-taking replacement of a function.
type variant struct {
	kind   variantKind
	target *types.Func // the sibling, for kind sibling
	name   string      // the replacement as the message names it, for userPair
}

// suffixes are the names of context variants: F → FContext, FWithContext, FCtx.
var suffixes = [...]string{"Context", "WithContext", "Ctx"}

// variantOf returns the context variant of fn, or nil. Results are cached
// per function.
func (c *checker) variantOf(fn *types.Func) *variant {
	if v, ok := c.siblings[fn]; ok {
		return v
	}
	v := c.findVariant(fn)
	c.siblings[fn] = v
	return v
}

func (c *checker) findVariant(fn *types.Func) *variant {
	if fn.Pkg() == nil {
		return nil
	}
	if len(c.variants) > 0 {
		if target, ok := c.variants[fn.FullName()]; ok {
			if g := c.accessible(siblingNamed(fn, target[strings.LastIndex(target, ".")+1:])); g != nil {
				return &variant{kind: sibling, target: g}
			}
			return &variant{kind: userPair, name: target}
		}
	}
	switch {
	case isExcludedVariantPackage(fn.Pkg().Path()):
		return nil // variants there carry values (logging, tracing) or are not about waiting
	case typematch.IsFunctionNamed(fn, "net/http", "Get", "Head", "Post", "PostForm"),
		typematch.IsMethodNamed(fn, "net/http", "Client", "Get", "Head", "Post", "PostForm"):
		return &variant{kind: httpHelper}
	case typematch.IsMethodNamed(fn, "database/sql", "DB", "Begin"):
		return &variant{kind: beginTx}
	case typematch.IsFunctionNamed(fn, "net", "Dial"):
		return &variant{kind: dialContext}
	}
	for _, s := range suffixes {
		if g := c.accessible(siblingNamed(fn, fn.Name()+s)); g != nil {
			return &variant{kind: sibling, target: g}
		}
	}
	return nil
}

// accessible returns g if the analyzed package may call it, else nil.
func (c *checker) accessible(g *types.Func) *types.Func {
	if g == nil || !g.Exported() && g.Pkg() != c.pass.Pkg {
		return nil
	}
	return g
}

// siblingNamed returns the function of fn's package (for a method: of its
// receiver's method set) called name when it is fn's context variant:
// it takes a context.Context, then exactly fn's parameters, and returns
// exactly fn's results. Generic functions are not matched.
func siblingNamed(fn *types.Func, name string) *types.Func {
	sig := fn.Signature()
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return nil // type parameters of two functions are never identical
	}
	for p := range sig.Params().Variables() {
		if typematch.IsContext(p.Type()) {
			return nil // already takes a context
		}
	}
	var obj types.Object
	if r := sig.Recv(); r != nil {
		obj, _, _ = types.LookupFieldOrMethod(r.Type(), true, fn.Pkg(), name)
	} else {
		obj = fn.Pkg().Scope().Lookup(name)
	}
	g, ok := obj.(*types.Func)
	if !ok || !isContextSibling(sig, g.Signature()) {
		return nil
	}
	return g
}

// isContextSibling reports whether g is f with a leading context.Context
// parameter: the same parameters after it, variadic alike, the same results.
func isContextSibling(f, g *types.Signature) bool {
	fp, gp := f.Params(), g.Params()
	if gp.Len() != fp.Len()+1 || f.Variadic() != g.Variadic() || !typematch.IsTypeNamed(gp.At(0).Type(), "context", "Context") {
		return false
	}
	for i := range fp.Len() {
		if !types.Identical(fp.At(i).Type(), gp.At(i+1).Type()) {
			return false
		}
	}
	fr, gr := f.Results(), g.Results()
	if fr.Len() != gr.Len() {
		return false
	}
	for i := range fr.Len() {
		if !types.Identical(fr.At(i).Type(), gr.At(i).Type()) {
			return false
		}
	}
	return true
}

// isExcludedVariantPackage reports whether the context variants of the
// package at path are left alone: httptest (no network), gRPC (Dial does
// not block by default; grpcdeadline owns it), and logging and telemetry
// packages, whose context variants carry values, not cancellation
// (slog.InfoContext).
func isExcludedVariantPackage(path string) bool {
	switch path {
	case "net/http/httptest", "testing", "google.golang.org/grpc":
		return true
	}
	return isTelemetryPackage(path)
}

// telemetryElems are import path elements of logging, tracing and metrics
// packages.
var telemetryElems = []string{
	"log", "slog", "logrus", "zap", "zerolog", "klog", "glog", "logr", "logging", "logger",
	"trace", "tracing", "tracer", "ddtrace", "otel", "opentracing", "opencensus",
	"metric", "metrics", "prometheus", "sentry-go",
}

// isTelemetryPackage reports whether path is a logging, tracing or metrics
// package, by its path elements (log/slog, go.uber.org/zap,
// go.opentelemetry.io/otel/trace, k8s.io/klog/v2).
func isTelemetryPackage(path string) bool {
	for e := range strings.SplitSeq(path, "/") {
		if slices.Contains(telemetryElems, e) || strings.HasPrefix(e, "go.opentelemetry.io") || strings.HasPrefix(e, "go.opencensus.io") {
			return true
		}
	}
	return false
}

// checkVariant reports a call, in a function with an incoming context, to
// a function that has a context variant.
func (c *checker) checkVariant(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	v := c.variantOf(fn)
	if v == nil || !c.origins.HasIncoming(cur) {
		return
	}
	if ctxorigin.PlacementOf(c.pass.TypesInfo, cur) != ctxorigin.Inline {
		return // deferred cleanup, detached goroutines, shutdown: the incoming context is the wrong one
	}
	if v.target != nil && c.enclosingFuncObj(cur) == v.target {
		return // the variant itself delegating to F
	}
	if c.getsContextLater(cur, call) {
		return // req.WithContext(ctx), req.Clone(ctx) or a helper given ctx attaches it later (noctx #7, #10)
	}
	p, hasParam := c.fixParam(cur)
	ctxText := "ctx"
	if hasParam {
		ctxText = p.Expr()
	}
	name := callName(call.Fun)
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: CategoryVariant,
		Message: fmt.Sprintf("%s ignores the incoming context, so the caller's deadline does not bound it; %s",
			name, remedy(call, v, ctxText)),
	}
	if hasParam {
		d.SuggestedFixes = c.variantFix(cur, call, fn, v, ctxText)
	}
	c.variantCalls[call] = true
	c.report(d)
}

// remedy says what to call instead.
func remedy(call *ast.CallExpr, v *variant, ctx string) string {
	switch v.kind {
	case httpHelper:
		return fmt.Sprintf("build the request with http.NewRequestWithContext(%s, ...) and send it with Do", ctx)
	case beginTx:
		return fmt.Sprintf("use %s(%s, nil)", renamed(call, "BeginTx"), ctx)
	case dialContext:
		return fmt.Sprintf("use (&net.Dialer{}).DialContext(%s, ...)", ctx)
	case userPair:
		return fmt.Sprintf("use %s with %s", v.name, ctx)
	}
	return fmt.Sprintf("use %s(%s, ...)", renamed(call, v.target.Name()), ctx)
}

// renamed returns the called function as written, with its name replaced.
func renamed(call *ast.CallExpr, name string) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return types.ExprString(sel.X) + "." + name
	}
	return name
}

// getsContextLater reports whether the result of call is stored in a
// variable that later gets a context in the enclosing function: an
// *http.Request through req.WithContext(x) or req.Clone(x), or any value
// passed to a call together with a context that is the incoming one or has
// a deadline (ctxhttp.Do(ctx, client, req), runCmdContext(ctx, cmd)).
func (c *checker) getsContextLater(cur inspector.Cursor, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	v := assignedVar(info, cur)
	if v == nil {
		return false
	}
	fc, ok := astutil.EnclosingFuncDecl(cur)
	if !ok {
		return false
	}
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	for cc := range fc.Preorder((*ast.CallExpr)(nil)) {
		m := cc.Node().(*ast.CallExpr)
		if m.Pos() < call.End() {
			continue // not later
		}
		if typematch.IsMethodNamed(typematch.CalleeFunc(info, m), "net/http", "Request", "WithContext", "Clone") {
			if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok && isV(sel.X) {
				return true
			}
			continue
		}
		if slices.ContainsFunc(m.Args, isV) && slices.ContainsFunc(m.Args, func(a ast.Expr) bool {
			return typematch.IsContext(info.TypeOf(a)) && c.origins.Of(a).Bounded()
		}) {
			return true
		}
	}
	return false
}

// assignedVar returns the variable that the first result of the call at
// cur is assigned to (req, err := ...; var req, err = ...), or nil.
func assignedVar(info *types.Info, cur inspector.Cursor) *types.Var {
	var lhs ast.Expr
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && len(p.Lhs) > 0 {
			lhs = p.Lhs[0]
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) > 0 {
			lhs = p.Names[0]
		}
	}
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// variantPairs is the -variants flag: extra function → context variant
// pairs, keyed by the function's full name as (*types.Func).FullName
// prints it ("net/http.NewRequest", "(*database/sql.DB).Query").
type variantPairs map[string]string

// fullNameRE is compiled when the flag is set, not at start-up: go vet
// starts the command once per package.
var fullNameRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[\w.~/-]+\.\w+|\(\*?[\w.~/-]+\.\w+\)\.\w+)$`)
})

func (m *variantPairs) String() string {
	if m == nil {
		return ""
	}
	var ps []string
	for k, v := range *m {
		ps = append(ps, k+":"+v)
	}
	sort.Strings(ps)
	return strings.Join(ps, ",")
}

func (m *variantPairs) Set(s string) error {
	pairs := variantPairs{}
	for p := range strings.SplitSeq(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		from, to, ok := strings.Cut(p, ":")
		if !ok || !fullNameRE().MatchString(from) || !fullNameRE().MatchString(to) {
			return fmt.Errorf("invalid variant pair %q: want pkg/path.F:pkg/path.FContext or (*pkg/path.T).M:(*pkg/path.T).MContext", p)
		}
		pairs[from] = to
	}
	*m = pairs
	return nil
}
