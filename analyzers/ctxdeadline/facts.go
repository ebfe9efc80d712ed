package ctxdeadline

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// dropsDeadlineFact marks a function of the analyzed code that takes no
// context but creates a root context (Background or TODO) that reaches a
// context-taking call, itself or through such functions it calls: a caller
// with an incoming context loses its deadline by calling it.
type dropsDeadlineFact struct {
	Root string // the root call as written by its package: "context.Background()"
	Via  string // the function that creates it, when not this one: "store.fetch"
}

func (*dropsDeadlineFact) AFact() {}

func (f *dropsDeadlineFact) String() string {
	if f.Via != "" {
		return "dropsDeadline(" + f.Root + " via " + f.Via + ")"
	}
	return "dropsDeadline(" + f.Root + ")"
}

// An edge is a call from a function that takes no context to a function of
// the analyzed code: the caller drops a deadline if the callee does.
type edge struct {
	caller, callee *types.Func
}

// A calleeCall is a call, in a function with an incoming context, to a
// function of the analyzed code that may carry a dropsDeadlineFact.
type calleeCall struct {
	cur  inspector.Cursor
	call *ast.CallExpr
	fn   *types.Func
}

// analyzed reports whether fn belongs to the analyzed code: this package,
// or a package under the boundary. The standard library and third-party
// modules are never followed.
func (c *checker) analyzed(fn *types.Func) bool {
	return fn.Pkg() == c.pass.Pkg || fn.Pkg() != nil && c.boundary.Contains(fn.Pkg().Path())
}

// takesNoContext reports whether fn has no parameter or receiver through
// which a caller could pass a context.
func takesNoContext(fn *types.Func) bool {
	sig := fn.Signature()
	if r := sig.Recv(); r != nil && (typematch.IsContext(r.Type()) || typematch.IsHTTPRequestPtr(r.Type())) {
		return false
	}
	for p := range sig.Params().Variables() {
		if typematch.IsContext(p.Type()) || typematch.IsHTTPRequestPtr(p.Type()) {
			return false
		}
	}
	return true
}

// noteDrop records that the function declared around bgCur creates the
// root context bg that reaches the call at useCur, both directly in its
// body (a function literal may run later, elsewhere).
func (c *checker) noteDrop(bgCur, useCur inspector.Cursor, bg *ast.CallExpr) {
	fn := c.enclosingFuncObj(bgCur)
	if fn == nil || fn != c.enclosingFuncObj(useCur) || !takesNoContext(fn) || c.drops[fn] != nil {
		return
	}
	if c.rep.Index().IsTest(bgCur.Node().Pos()) || isEntryPoint(fn) {
		return // never called from a function with an incoming context outside tests
	}
	if isRunOnce(c.pass.TypesInfo, bgCur) || isMemoized(c.pass.TypesInfo, bgCur) {
		return // a one-time initializer's work is shared by all later callers: no caller's deadline may bound it
	}
	if neverWaits(fn) {
		return
	}
	c.drops[fn] = &dropsDeadlineFact{Root: types.ExprString(bg)}
}

// neverWaits reports whether fn is one of package net's constructors of
// connectionless sockets. They pass context.Background() to the dialer's
// internals, but setting up a UDP, IP or datagram socket, or a listener,
// sends nothing and waits for nobody: no deadline could bound it. This
// matters only when package net itself is analyzed (facts never cross into
// the standard library from other code); without it, the resolver's address
// sorting (srcAddrs, which "dials" UDP to learn a source address) would be
// reported as dropping its callers' deadlines.
func neverWaits(fn *types.Func) bool {
	return typematch.IsFunctionNamed(fn, "net", "DialUDP", "ListenUDP", "ListenMulticastUDP", "DialIP", "ListenIP", "ListenUnixgram")
}

// isRunOnce reports whether the function declared around cur is a one-time
// initializer: its body opens (after any locking) with a guard
// "if done { return }" on a boolean variable or field that a statement of
// the body then sets to true. Its result is shared by every later caller,
// so binding it to the first caller's deadline would be wrong (a cancelled
// first caller would poison it): a root context there is the right choice,
// as in a sync.Once function literal (which no fact follows).
func isRunOnce(info *types.Info, cur inspector.Cursor) bool {
	fc, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	decl, ok := fc.Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return false
	}
	var guard ast.Expr
	stmts := decl.Body.List
	for i, st := range stmts {
		if ifs, ok := st.(*ast.IfStmt); ok {
			if ifs.Init == nil && ifs.Else == nil && len(ifs.Body.List) == 1 {
				if _, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok {
					guard = ast.Unparen(ifs.Cond)
				}
			}
			stmts = stmts[i+1:]
			break
		}
		switch st.(type) {
		case *ast.ExprStmt, *ast.DeferStmt: // mu.Lock(); defer mu.Unlock()
		default:
			return false
		}
	}
	if guard == nil || !isBoolVar(info, guard) {
		return false
	}
	for _, st := range stmts {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		if sameVar(info, as.Lhs[0], guard) && isTrue(info, as.Rhs[0]) {
			return true
		}
	}
	return false
}

// isMemoized reports whether cur is inside "if x == nil { ... x = ... }"
// in its function, where x is a field or a package-level variable: the
// value computed there is cached for every later caller (a lazily built
// resolver, client or index), so, as in a one-time initializer, no one
// caller's deadline may bound it.
func isMemoized(info *types.Info, cur inspector.Cursor) bool {
	for ifc := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ifs, ok := ifc.Node().(*ast.IfStmt)
		if !ok {
			return false // reached the function
		}
		if n := cur.Node(); n.Pos() < ifs.Body.Pos() || n.End() > ifs.Body.End() {
			continue // in the condition or the else branch
		}
		for _, x := range nilTested(info, ifs.Cond) {
			if assigns(ifs.Body, x) {
				return true
			}
		}
	}
	return false
}

// nilTested returns the fields and package-level variables that cond
// compares with nil (x == nil, possibly among && operands).
func nilTested(info *types.Info, cond ast.Expr) []ast.Expr {
	var xs []ast.Expr
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return append(nilTested(info, e.X), nilTested(info, e.Y)...)
		case token.EQL:
			x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
			if isNil(info, x) {
				x, y = y, x
			}
			if isNil(info, y) && isCacheVar(info, x) {
				xs = append(xs, x)
			}
		}
	}
	return xs
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// isCacheVar reports whether e is a field selection or a package-level
// variable: storage that outlives the call.
func isCacheVar(info *types.Info, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		v, ok := info.Uses[e.Sel].(*types.Var)
		return ok && (v.IsField() || v.Parent() == v.Pkg().Scope())
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
	}
	return false
}

// assigns reports whether body assigns x (written the same way) anywhere.
func assigns(body *ast.BlockStmt, x ast.Expr) bool {
	want := types.ExprString(x)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if types.ExprString(ast.Unparen(l)) == want {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// isBoolVar reports whether e is a variable or field (x, x.f) of boolean
// type.
func isBoolVar(info *types.Info, e ast.Expr) bool {
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// sameVar reports whether a and b denote the same variable or field,
// written the same way.
func sameVar(info *types.Info, a, b ast.Expr) bool {
	a = ast.Unparen(a)
	return types.ExprString(a) == types.ExprString(b) && isBoolVar(info, a)
}

// isTrue reports whether e is the constant true.
func isTrue(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// isEntryPoint reports whether fn is main.main or an init function, which
// no function calls.
func isEntryPoint(fn *types.Func) bool {
	return fn.Signature().Recv() == nil &&
		(fn.Name() == "init" || fn.Name() == "main" && fn.Pkg().Name() == "main")
}

// collectCallee records calls to functions of the analyzed code: from
// functions with an incoming context, to report if the callee drops the
// deadline; from functions that take none, as edges for the facts.
func (c *checker) collectCallee(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	if fn.Signature().Recv() != nil && types.IsInterface(fn.Signature().Recv().Type()) {
		return // an interface method has no body to know
	}
	if !c.analyzed(fn) || !takesNoContext(fn) {
		return // stops at the analyzed code; a callee that takes a context gets the caller's
	}
	if fn.Pkg() != c.pass.Pkg && c.factOf(fn) == nil {
		return // an imported function known not to drop a deadline
	}
	if ctxorigin.PlacementOf(c.pass.TypesInfo, cur) != ctxorigin.Inline {
		return // deferred cleanup, detached goroutines and shutdown code may drop the deadline
	}
	if c.origins.HasIncoming(cur) {
		c.calls = append(c.calls, calleeCall{cur: cur, call: call, fn: fn})
		return
	}
	if caller := c.enclosingFuncObj(cur); caller != nil && caller != fn && takesNoContext(caller) &&
		!isEntryPoint(caller) && !c.rep.Index().IsTest(cur.Node().Pos()) &&
		!isRunOnce(c.pass.TypesInfo, cur) && !isMemoized(c.pass.TypesInfo, cur) {
		c.edges = append(c.edges, edge{caller: caller, callee: fn})
	}
}

// factOf returns the dropsDeadlineFact of fn, from this package or an
// imported one, or nil.
func (c *checker) factOf(fn *types.Func) *dropsDeadlineFact {
	if fn.Pkg() == c.pass.Pkg {
		return c.drops[fn]
	}
	var f dropsDeadlineFact
	if c.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// exportFacts propagates the drops along the edges of the package to a
// fixed point and exports one fact per dropping function.
//
// It is a first-in first-out worklist of edges, not rounds over all edges:
// a round per link of the longest chain made long chains quadratic.
func (c *checker) exportFacts() {
	byCallee := make(map[*types.Func][]edge)
	for _, e := range c.edges {
		byCallee[e.callee] = append(byCallee[e.callee], e)
	}
	work := slices.Clone(c.edges)
	for len(work) > 0 {
		e := work[0]
		work = work[1:]
		if c.drops[e.caller] != nil {
			continue
		}
		f := c.factOf(e.callee)
		if f == nil {
			continue
		}
		via := f.Via
		if via == "" {
			via = qualifiedName(e.callee)
		}
		c.drops[e.caller] = &dropsDeadlineFact{Root: f.Root, Via: via}
		work = append(work, byCallee[e.caller]...)
	}
	for fn, f := range c.drops {
		c.pass.ExportObjectFact(fn, f)
	}
}

// reportCallees reports the calls, in functions with an incoming context,
// of functions that drop the deadline.
func (c *checker) reportCallees() {
	for _, cc := range c.calls {
		f := c.factOf(cc.fn)
		if f == nil || c.variantCalls[cc.call] {
			continue // no drop, or reported as ctx-variant with its variant
		}
		ctxText := "ctx"
		if p, ok := c.fixParam(cc.cur); ok {
			ctxText = p.Expr()
		}
		name := callName(cc.call.Fun)
		var msg string
		if f.Via == "" {
			msg = fmt.Sprintf("%s creates %s and passes it on, dropping the caller's deadline; give %s a context parameter and pass %s",
				name, f.Root, cc.fn.Name(), ctxText)
		} else {
			msg = fmt.Sprintf("%s reaches %s, which creates %s and passes it on, dropping the caller's deadline; give them a context parameter and pass %s",
				name, f.Via, f.Root, ctxText)
		}
		c.report(analysis.Diagnostic{Pos: cc.call.Pos(), End: cc.call.End(), Category: CategoryCallee, Message: msg})
	}
}

// qualifiedName names fn for messages in other packages: "pkg.F" or
// "pkg.T.M".
func qualifiedName(fn *types.Func) string {
	name := fn.Name()
	if r := fn.Signature().Recv(); r != nil {
		if n, ok := types.Unalias(typematch.Deref(r.Type())).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}
