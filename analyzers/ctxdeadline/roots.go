package ctxdeadline

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// A rootFinding is a Background()/TODO() call in a function with an
// incoming context whose context reaches a call (deadline-dropped) or a
// WithTimeout/WithDeadline (deadline-reset).
type rootFinding struct {
	bg        *ast.CallExpr
	category  string
	use       *ast.CallExpr // the call the root context reaches
	goroutine bool          // the use or the root runs detached (go statement)
}

// collectRoots records the root contexts that reach call: as its context
// argument, or as the parent of a WithTimeout/WithDeadline.
func (c *checker) collectRoots(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	switch {
	case isDeadlineCall(fn):
		if len(call.Args) > 0 {
			c.collectRoot(cur, call, call.Args[0], CategoryReset)
		}
	case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context":
		return // derivations (WithValue, WithCancel, WithoutCancel, ...) and Cause do not wait
	case ctxorigin.IsWrapper(fn):
		return // derivations: the origin flows through them to the call that uses it
	case fn != nil && isContextReader(fn):
		return // reads values from the context; does not wait on it
	default:
		for i, arg := range call.Args {
			if typematch.IsContext(c.pass.TypesInfo.TypeOf(arg)) && !c.ignoredParam(call, fn, i) {
				c.collectRoot(cur, call, arg, CategoryDropped)
			}
		}
	}
}

// ignoredParam reports whether argument i of call goes to a parameter that
// fn declares blank (func F(_ context.Context, ...)): the callee ignores the
// context, so a root passed there drops no deadline.
func (c *checker) ignoredParam(call *ast.CallExpr, fn *types.Func, i int) bool {
	if fn == nil {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := c.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			i-- // T.M(recv, args...): the first argument is the receiver
		}
	}
	params := fn.Signature().Params()
	if i < 0 || i >= params.Len() || fn.Signature().Variadic() && i >= params.Len()-1 {
		return false
	}
	return params.At(i).Name() == "_"
}

// isDeadlineCall reports whether fn is context.WithTimeout, WithDeadline or
// their Cause variants.
func isDeadlineCall(fn *types.Func) bool {
	return typematch.IsFunctionNamed(fn, "context", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause")
}

// isContextReader reports whether fn only reads values from a context:
// the FromContext accessors of loggers, tracers and metadata, and every
// function of a logging or telemetry package.
func isContextReader(fn *types.Func) bool {
	return strings.Contains(fn.Name(), "From") && strings.Contains(fn.Name(), "Context") ||
		fn.Pkg() != nil && isTelemetryPackage(fn.Pkg().Path())
}

// A rootUse is a context argument of a call, to check once every
// Background()/TODO() call of the package is located.
type rootUse struct {
	cur      inspector.Cursor
	call     *ast.CallExpr
	arg      ast.Expr
	category string
}

// collectRoot queues arg, a context argument of use, for checkRoot.
func (c *checker) collectRoot(useCur inspector.Cursor, use *ast.CallExpr, arg ast.Expr, category string) {
	c.uses = append(c.uses, rootUse{cur: useCur, call: use, arg: arg, category: category})
}

// checkRoots checks the queued context arguments.
func (c *checker) checkRoots() {
	for _, u := range c.uses {
		c.checkRoot(u.cur, u.call, u.arg, u.category)
	}
}

// checkRoot records arg, an argument of use, when it is a root context
// created in a function with an incoming context; or, in a function that
// takes no context, as a reason for a callee-drops-deadline fact.
func (c *checker) checkRoot(useCur inspector.Cursor, use *ast.CallExpr, arg ast.Expr, category string) {
	o := c.origins.Of(arg)
	if o.Kind != ctxorigin.Root || o.Cancelable {
		return // has a deadline, comes from the caller, or is a lifecycle context cancelled by its owner
	}
	bg := o.Call
	bgCur, ok := c.bgCursors[bg]
	if !ok {
		return // not a Background()/TODO() call (a request built without a context: ctx-variant)
	}
	usePlace := ctxorigin.PlacementOf(c.pass.TypesInfo, useCur)
	bgPlace := ctxorigin.PlacementOf(c.pass.TypesInfo, bgCur)
	if usePlace == ctxorigin.Deferred || usePlace == ctxorigin.AfterDone ||
		bgPlace == ctxorigin.Deferred || bgPlace == ctxorigin.AfterDone {
		return // cleanup and graceful shutdown: the caller's context is done or about to be
	}
	goroutine := usePlace == ctxorigin.Goroutine || bgPlace == ctxorigin.Goroutine
	if !c.origins.HasIncoming(bgCur) {
		if category == CategoryDropped && !goroutine {
			c.noteDrop(bgCur, useCur, bg)
		}
		return // no incoming context here: main, init, tests, or a context-free function
	}
	if category == CategoryReset && goroutine {
		return // detached work with its own bound is right there
	}
	if f := c.roots[bg]; f != nil && f.category == CategoryDropped {
		return // reported once, as dropped
	}
	c.roots[bg] = &rootFinding{bg: bg, category: category, use: use, goroutine: goroutine}
}

// reportRoots reports the root findings in source order.
func (c *checker) reportRoots() {
	fs := make([]*rootFinding, 0, len(c.roots))
	for _, f := range c.roots {
		fs = append(fs, f)
	}
	slices.SortFunc(fs, func(a, b *rootFinding) int { return cmp.Compare(a.bg.Pos(), b.bg.Pos()) })
	for _, f := range fs {
		c.reportRoot(f)
	}
}

func (c *checker) reportRoot(f *rootFinding) {
	bgCur := c.bgCursors[f.bg]
	p, hasParam := c.fixParam(bgCur)
	ctxText := "ctx"
	if hasParam {
		ctxText = p.Expr()
	}
	root := types.ExprString(f.bg)
	d := analysis.Diagnostic{Pos: f.bg.Pos(), End: f.bg.End(), Category: f.category}
	switch {
	case f.category == CategoryReset:
		d.Message = fmt.Sprintf("%s on %s starts a fresh budget that ignores the caller's remaining deadline; derive it from %s",
			callName(f.use.Fun), root, ctxText)
	case f.goroutine:
		d.Message = fmt.Sprintf("%s passed to %s in a goroutine has no deadline, so nothing bounds it; derive it from context.WithoutCancel(%s) and bound it with context.WithTimeout",
			root, callName(f.use.Fun), ctxText)
	default:
		d.Message = fmt.Sprintf("%s passed to %s drops the caller's deadline, so nothing bounds the call; pass %s, or context.WithoutCancel(%s) for work that must outlive the caller",
			root, callName(f.use.Fun), ctxText, ctxText)
	}
	if hasParam {
		d.SuggestedFixes = c.rootFix(bgCur, f, p)
	}
	c.report(d)
}

// enclosingFuncObj returns the declared function whose body holds cur
// directly (not inside a function literal), or nil.
func (c *checker) enclosingFuncObj(cur inspector.Cursor) *types.Func {
	fc, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return nil
	}
	decl, ok := fc.Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn
}
