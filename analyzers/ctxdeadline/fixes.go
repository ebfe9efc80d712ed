package ctxdeadline

import (
	"go/ast"
	"go/types"
	"go/version"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// fixParam returns the incoming context that a fix at cur passes: the first
// one, innermost function first, whose name still refers to it at cur.
func (c *checker) fixParam(cur inspector.Cursor) (ctxorigin.Param, bool) {
	for _, p := range c.origins.Incoming(cur) {
		if c.refersTo(cur, p.Var.Name(), p.Var) {
			return p, true
		}
	}
	return ctxorigin.Param{}, false
}

// refersTo reports whether name, written at cur, refers to obj.
func (c *checker) refersTo(cur inspector.Cursor, name string, obj types.Object) bool {
	scope := c.scopeAt(cur)
	if scope == nil {
		return false
	}
	_, found := scope.LookupParent(name, cur.Node().Pos())
	return found == obj
}

// scopeAt returns the innermost scope holding cur's node.
func (c *checker) scopeAt(cur inspector.Cursor) *types.Scope {
	for fc := range cur.Enclosing((*ast.File)(nil)) {
		fs := c.pass.TypesInfo.Scopes[fc.Node()]
		if fs == nil {
			return nil
		}
		if s := fs.Innermost(cur.Node().Pos()); s != nil {
			return s
		}
		return fs
	}
	return nil
}

// fileVersionAtLeast reports whether the file holding cur is compiled with
// at least Go version v (unknown versions count as recent).
func (c *checker) fileVersionAtLeast(cur inspector.Cursor, v string) bool {
	for fc := range cur.Enclosing((*ast.File)(nil)) {
		fv := c.pass.TypesInfo.FileVersions[fc.Node().(*ast.File)]
		return fv == "" || version.Compare(fv, v) >= 0
	}
	return true
}

// contextQual returns the qualifier of the context package as the root call
// is written ("context." or "" for a dot import), and whether there is one.
func contextQual(info *types.Info, bg *ast.CallExpr) (string, bool) {
	switch f := ast.Unparen(bg.Fun).(type) {
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if _, ok := info.Uses[id].(*types.PkgName); ok {
				return id.Name + ".", true
			}
		}
	case *ast.Ident:
		return "", true
	}
	return "", false
}

// rootFix replaces the Background()/TODO() call with the incoming context,
// or in a goroutine with context.WithoutCancel of it (never the request
// context itself, which is cancelled when the handler returns). Any
// WithTimeout or value wrapper around the root is kept.
func (c *checker) rootFix(bgCur inspector.Cursor, f *rootFinding, p ctxorigin.Param) []analysis.SuggestedFix {
	info := c.pass.TypesInfo
	if f.goroutine {
		qual, ok := contextQual(info, f.bg)
		if !ok || !c.fileVersionAtLeast(bgCur, "go1.21") {
			return nil
		}
		text := qual + "WithoutCancel(" + p.Expr() + ")"
		return []analysis.SuggestedFix{{
			Message:   "Use " + text + " to keep the caller's values without its cancellation",
			TextEdits: []analysis.TextEdit{{Pos: f.bg.Pos(), End: f.bg.End(), NewText: []byte(text)}},
		}}
	}
	if !p.IsRequest && !typematch.IsTypeNamed(p.Var.Type(), "context", "Context") && !isCallArg(bgCur) {
		return nil // ctx := c with c a framework context would change the variable's type
	}
	return []analysis.SuggestedFix{{
		Message:   "Pass " + p.Expr() + " instead of " + types.ExprString(f.bg),
		TextEdits: []analysis.TextEdit{{Pos: f.bg.Pos(), End: f.bg.End(), NewText: []byte(p.Expr())}},
	}}
}

// isCallArg reports whether the node at cur is an argument of a call, where
// any context implementation is assignable to a context.Context parameter.
func isCallArg(cur inspector.Cursor) bool {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	return ok && call.Fun != cur.Node()
}

// variantFix rewrites call to the context variant v of fn with ctx as its
// context.
func (c *checker) variantFix(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func, v *variant, ctx string) []analysis.SuggestedFix {
	var name, args string
	switch v.kind {
	case sibling:
		name, args = v.target.Name(), ctx
		if !c.resolvesTo(call, v.target) || !c.receiverFits(call, fn, v.target) {
			return nil
		}
	case beginTx:
		name, args = "BeginTx", ctx+", nil"
	case dialContext:
		return c.dialFix(call, ctx)
	default:
		return nil // several statements to write: left to the user
	}
	if len(call.Args) > 0 {
		args += ", "
	}
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.Ident:
		id = f
		if !c.refersTo(cur, name, v.target) {
			return nil // the variant's name is shadowed or not visible unqualified
		}
	default:
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: "Call " + name + " with " + ctx,
		TextEdits: []analysis.TextEdit{
			{Pos: id.Pos(), End: id.End(), NewText: []byte(name)},
			{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(args)},
		},
	}}
}

// resolvesTo reports whether, for a method call x.F(...), x.G resolves to
// target g (no method of an outer type shadows it); package-qualified and
// unqualified calls are checked elsewhere.
func (c *checker) resolvesTo(call *ast.CallExpr, g *types.Func) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	if id, ok := sel.X.(*ast.Ident); ok {
		if _, isPkg := c.pass.TypesInfo.Uses[id].(*types.PkgName); isPkg {
			return true
		}
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, g.Name())
	return obj == g
}

// receiverFits reports whether the receiver expression of a method call
// can call the variant: a pointer-receiver variant of a value-receiver
// method needs an addressable receiver (kept simple: a variable).
func (c *checker) receiverFits(call *ast.CallExpr, fn, g *types.Func) bool {
	gr, fr := g.Signature().Recv(), fn.Signature().Recv()
	if gr == nil || fr == nil {
		return true
	}
	if _, ptr := gr.Type().(*types.Pointer); !ptr {
		return true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if _, ptr := types.Unalias(c.pass.TypesInfo.TypeOf(sel.X)).(*types.Pointer); ptr {
		return true
	}
	_, isIdent := ast.Unparen(sel.X).(*ast.Ident)
	return isIdent
}

// dialFix rewrites net.Dial(network, address) to
// (&net.Dialer{}).DialContext(ctx, network, address); net.Dial uses a zero
// Dialer.
func (c *checker) dialFix(call *ast.CallExpr, ctx string) []analysis.SuggestedFix {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	if _, isPkg := c.pass.TypesInfo.Uses[id].(*types.PkgName); !isPkg {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: "Dial with (&" + id.Name + ".Dialer{}).DialContext and " + ctx,
		TextEdits: []analysis.TextEdit{
			{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte("(&" + id.Name + ".Dialer{}).DialContext")},
			{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(ctx + ", ")},
		},
	}}
}
