package retrybudget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/fixutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// isBackoffPath reports whether path is a version of cenkalti/backoff with
// backoff.WithContext (v5 takes the context as an argument instead).
func isBackoffPath(path string) bool { return isModuleV34(path, "github.com/cenkalti/backoff") }

// isRetryGoPath reports whether path is a version of avast/retry-go.
func isRetryGoPath(path string) bool { return isModuleV34(path, "github.com/avast/retry-go") }

// isModuleV34 reports whether path is module, module/v3 or module/v4.
func isModuleV34(path, module string) bool {
	rest, ok := strings.CutPrefix(path, module)
	return ok && (rest == "" || rest == "/v3" || rest == "/v4")
}

// isLibFunc reports whether fn is a retry library function the analyzer
// checks.
func isLibFunc(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch p := fn.Pkg().Path(); {
	case isBackoffPath(p):
		return typematch.IsFunctionNamed(fn, p, "Retry", "RetryNotify", "RetryNotifyWithTimer",
			"RetryWithData", "RetryNotifyWithData", "RetryNotifyWithTimerAndData")
	case isRetryGoPath(p):
		return typematch.IsFunctionNamed(fn, p, "Do", "DoWithData")
	case p == waitPath:
		return typematch.IsFunctionNamed(fn, p, "Poll", "PollImmediate", "PollInfinite",
			"PollUntil", "PollImmediateInfinite", "PollImmediateUntil")
	}
	return false
}

// checkLibCall reports a retry library call that ignores the incoming context.
func (c *checker) checkLibCall(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	params := c.origins.Incoming(cur)
	if len(params) == 0 || c.rep.Skip(call.Pos()) {
		return // no incoming context, or a skipped file
	}
	src, err := fixutil.ReadFile(c.pass, call.Pos())
	if err != nil {
		return
	}
	name := fixutil.Source(c.pass.Fset, src, call.Fun)
	p := params[0]
	ctx := p.Expr()
	pkg := fn.Pkg()
	var msg string
	var fix *analysis.SuggestedFix
	switch path := pkg.Path(); {
	case isBackoffPath(path):
		if len(call.Args) < 2 || c.policy(cur, call.Args[1], pkg) != no {
			return // the policy carries a context, or its origin is unknown
		}
		msg = fmt.Sprintf("%s ignores %s: the policy is not wrapped with backoff.WithContext, so it keeps retrying after the caller gave up; wrap it with backoff.WithContext(b, %s)", name, ctx, ctx)
		if q, edits, ok := c.qualify(call, p, path, pkg.Name()); ok {
			b := call.Args[1]
			text := q + "WithContext(" + fixutil.Source(c.pass.Fset, src, b) + ", " + ctx + ")"
			fix = &analysis.SuggestedFix{
				Message:   "Wrap the policy with backoff.WithContext",
				TextEdits: append(edits, analysis.TextEdit{Pos: b.Pos(), End: b.End(), NewText: []byte(text)}),
			}
		}
	case isRetryGoPath(path):
		if call.Ellipsis.IsValid() || len(call.Args) == 0 {
			return // options from a slice: cannot tell
		}
		if _, ok := pkg.Scope().Lookup("Context").(*types.Func); !ok {
			return // a version without retry.Context
		}
		for _, opt := range call.Args[1:] {
			if c.option(cur, opt, pkg) != no {
				return // retry.Context is given, or an option is unknown
			}
		}
		msg = fmt.Sprintf("%s without retry.Context(%s) keeps retrying after the caller gave up; add retry.Context(%s) to its options", name, ctx, ctx)
		if q, edits, ok := c.qualify(call, p, path, pkg.Name()); ok {
			last := call.Args[len(call.Args)-1]
			fix = &analysis.SuggestedFix{
				Message:   "Add retry.Context",
				TextEdits: append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + q + "Context(" + ctx + ")")}),
			}
		}
	default: // k8s.io/apimachinery/pkg/util/wait
		repl := "PollUntilContextCancel"
		if fn.Name() == "Poll" || fn.Name() == "PollImmediate" {
			repl = "PollUntilContextTimeout"
		}
		msg = fmt.Sprintf("%s ignores %s: polling continues after the caller gave up; use wait.%s with %s", name, ctx, repl, ctx)
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: CategoryLib, Message: msg}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	c.report(d)
}

// qualify returns the qualifier for the library package at call and the
// edits importing it; ok is false when the context's name is shadowed or
// the package cannot be named.
func (c *checker) qualify(call *ast.CallExpr, p ctxorigin.Param, path, name string) (string, []analysis.TextEdit, bool) {
	file := fixutil.FileOf(c.pass.Files, call.Pos())
	if file == nil || !c.visible(file, p.Var, call.Pos()) {
		return "", nil, false
	}
	return fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, call.Pos(), path, name)
}

// tri is a three-valued answer: unknown (stay quiet), yes, no.
type tri uint8

const (
	unknown tri = iota
	yes
	no
	neutral // a self-reference while following a variable: decides nothing
)

// combineTri merges the answers for two assignments to one variable.
func combineTri(a, b tri) tri {
	switch {
	case a == neutral:
		return b
	case b == neutral, a == b:
		return a
	}
	return unknown
}

// policy reports whether the backoff policy e carries a context: wrapped
// by WithContext (or WithMaxRetries of such a policy), or typed
// BackOffContext. Local variables are followed through all their
// assignments in the enclosing function declaration.
func (c *checker) policy(cur inspector.Cursor, e ast.Expr, pkg *types.Package) tri {
	var eval func(e ast.Expr, visiting map[types.Object]bool) tri
	eval = func(e ast.Expr, visiting map[types.Object]bool) tri {
		info := c.pass.TypesInfo
		if typematch.IsTypeNamed(info.TypeOf(e), pkg.Path(), "BackOffContext") {
			return yes
		}
		switch e := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			if isBuiltinNew(info, e) && typeIn(info.TypeOf(e.Args[0]), pkg) {
				return no // new(backoff.ZeroBackOff)
			}
			fn := typematch.CalleeFunc(info, e)
			switch {
			case typematch.IsFunctionNamed(fn, pkg.Path(), "WithContext"):
				return yes
			case typematch.IsFunctionNamed(fn, pkg.Path(), "WithMaxRetries"):
				if len(e.Args) == 2 {
					return eval(e.Args[0], visiting)
				}
			case typematch.IsFunctionNamed(fn, pkg.Path(), "NewExponentialBackOff", "NewConstantBackOff"):
				return no
			}
		case *ast.UnaryExpr:
			if e.Op == token.AND {
				if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok && typeIn(info.TypeOf(lit), pkg) {
					return no // &backoff.ExponentialBackOff{...}
				}
			}
		case *ast.Ident:
			return c.followVar(cur, e, visiting, eval)
		}
		return unknown
	}
	return eval(e, make(map[types.Object]bool))
}

// option reports whether the retry-go option e is retry.Context(...): yes
// for it, no for another option of the package, unknown otherwise.
func (c *checker) option(cur inspector.Cursor, e ast.Expr, pkg *types.Package) tri {
	var eval func(e ast.Expr, visiting map[types.Object]bool) tri
	eval = func(e ast.Expr, visiting map[types.Object]bool) tri {
		switch e := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			fn := typematch.CalleeFunc(c.pass.TypesInfo, e)
			switch {
			case typematch.IsFunctionNamed(fn, pkg.Path(), "Context"):
				return yes
			case fn != nil && fn.Pkg() == pkg:
				return no
			}
		case *ast.Ident:
			return c.followVar(cur, e, visiting, eval)
		}
		return unknown
	}
	return eval(e, make(map[types.Object]bool))
}

// followVar evaluates a local variable through every assignment to it in
// the function declaration enclosing cur. Parameters, package variables,
// variables whose address is taken and variables assigned from tuples or
// ranges are unknown.
func (c *checker) followVar(cur inspector.Cursor, id *ast.Ident, visiting map[types.Object]bool,
	eval func(ast.Expr, map[types.Object]bool) tri) tri {
	info := c.pass.TypesInfo
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return unknown
	}
	if visiting[v] {
		return neutral
	}
	decl, ok := astutil.EnclosingFuncDecl(cur)
	if !ok {
		return unknown
	}
	visiting[v] = true
	defer delete(visiting, v)
	res := neutral
	assign := func(lhs, rhs []ast.Expr) {
		for i, l := range lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); !ok || info.ObjectOf(id) != v {
				continue
			}
			if len(lhs) != len(rhs) {
				res = unknown
				return
			}
			res = combineTri(res, eval(rhs[i], visiting))
		}
	}
	ast.Inspect(decl.Node(), func(n ast.Node) bool {
		if res == unknown {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) {
					res = unknown
				} else {
					res = combineTri(res, eval(n.Values[i], visiting))
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(x) == v {
				res = unknown
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if x, ok := e.(*ast.Ident); ok && info.ObjectOf(x) == v {
					res = unknown
				}
			}
		case *ast.Field:
			for _, name := range n.Names {
				if info.Defs[name] == v {
					res = unknown // a parameter
				}
			}
		}
		return true
	})
	if res == neutral {
		return unknown
	}
	return res
}

// isBuiltinNew reports whether call is a call of the builtin new.
func isBuiltinNew(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "new"
}

// typeIn reports whether t (or what it points to) is a named type of pkg.
func typeIn(t types.Type, pkg *types.Package) bool {
	n, ok := types.Unalias(typematch.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() == pkg
}
