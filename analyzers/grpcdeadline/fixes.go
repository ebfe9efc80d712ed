package grpcdeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/fixutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// ctxFixes returns the fix for a call at cur whose context argument arg has
// the root origin o: pass the incoming context when the function has one
// and the root context is written in arg; otherwise, for unary calls,
// derive the argument with context.WithTimeout in a statement inserted
// before the call's statement, cancelled by a defer.
func (c *checker) ctxFixes(cur inspector.Cursor, arg ast.Expr, o ctxorigin.Origin, stream bool) []analysis.SuggestedFix {
	if p, ok := c.incomingAt(cur); ok {
		root := o.RootCall()
		if root == nil || root.Pos() < arg.Pos() || root.End() > arg.End() || !c.visibleAt(p.Var, root.Pos()) {
			return nil // the root context is created elsewhere, or the parameter is shadowed
		}
		return []analysis.SuggestedFix{{
			Message:   "Pass the incoming context " + p.Expr(),
			TextEdits: []analysis.TextEdit{{Pos: root.Pos(), End: root.End(), NewText: []byte(p.Expr())}},
		}}
	}
	if stream {
		return nil // a deferred cancel would end a stream that may outlive the statement
	}
	if !c.isPureCtxExpr(arg) {
		return nil // hoisting it would reorder side effects
	}
	src, err := fixutil.ReadFile(c.pass, arg.Pos())
	if err != nil {
		return nil
	}
	name, edits, ok := c.withTimeout(cur, fixutil.Source(c.pass.Fset, src, arg), arg)
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(name)})
	return []analysis.SuggestedFix{{Message: "Derive the context with context.WithTimeout", TextEdits: edits}}
}

// dialFixes returns the fix for grpc.Dial(target, opts...) with a blocking
// option: call DialContext with the incoming context, or with a context
// derived by context.WithTimeout from context.Background().
func (c *checker) dialFixes(cur inspector.Cursor, call *ast.CallExpr) []analysis.SuggestedFix {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	rename := func(ctx string) []analysis.TextEdit {
		return []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("DialContext")},
			{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(ctx + ", ")},
		}
	}
	if p, ok := c.incomingAt(cur); ok {
		if !c.visibleAt(p.Var, call.Pos()) {
			return nil
		}
		return []analysis.SuggestedFix{{Message: "Use grpc.DialContext with the incoming context " + p.Expr(), TextEdits: rename(p.Expr())}}
	}
	name, edits, ok := c.withTimeout(cur, "", nil)
	if !ok {
		return nil
	}
	edits = append(edits, rename(name)...)
	return []analysis.SuggestedFix{{Message: "Use grpc.DialContext with a context.WithTimeout context", TextEdits: edits}}
}

// incomingAt returns the incoming context of the function immediately
// enclosing cur. A function literal nested in a function with an incoming
// context gets none: it may run after the caller is gone (a goroutine, a
// callback), where its context would be cancelled.
func (c *checker) incomingAt(cur inspector.Cursor) (ctxorigin.Param, bool) {
	ps := c.origins.Incoming(cur)
	fn, ok := astutil.EnclosingFunc(cur)
	if len(ps) == 0 || !ok {
		return ctxorigin.Param{}, false
	}
	var ft *ast.FuncType
	switch n := fn.Node().(type) {
	case *ast.FuncDecl:
		ft = n.Type
	case *ast.FuncLit:
		ft = n.Type
	}
	for _, field := range ft.Params.List {
		for _, name := range field.Names {
			if c.pass.TypesInfo.Defs[name] == ps[0].Var {
				return ps[0], true
			}
		}
	}
	return ctxorigin.Param{}, false
}

// scopeAt returns the innermost scope at pos.
func (c *checker) scopeAt(pos token.Pos) *types.Scope {
	file := fixutil.FileOf(c.pass.Files, pos)
	if file == nil {
		return nil
	}
	fs := c.pass.TypesInfo.Scopes[file]
	if fs == nil {
		return nil
	}
	return fs.Innermost(pos)
}

// visibleAt reports whether obj is what its name refers to at pos.
func (c *checker) visibleAt(obj types.Object, pos token.Pos) bool {
	s := c.scopeAt(pos)
	if s == nil {
		return false
	}
	_, found := s.LookupParent(obj.Name(), pos)
	return found == obj
}

// isPureCtxExpr reports whether evaluating the context expression e has no
// side effects, so that it may be evaluated a statement earlier: a
// variable, a root context, or value-only wrappers (context.WithValue,
// metadata) over simple operands.
func (c *checker) isPureCtxExpr(e ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		return !ok || sel.Kind() == types.FieldVal && c.isPureCtxExpr(e.X)
	case *ast.CallExpr:
		fn := typematch.CalleeFunc(info, e)
		if !typematch.IsFunctionNamed(fn, "context", "Background", "TODO", "WithValue") &&
			!typematch.IsFunctionNamed(fn, metadataPath, "NewOutgoingContext", "AppendToOutgoingContext", "Pairs", "New") {
			return false
		}
		for _, a := range e.Args {
			if !c.isPureCtxExpr(a) {
				return false
			}
		}
		return true
	}
	return false
}

// withTimeout returns the edits that insert
//
//	ctx, cancel := context.WithTimeout(<root>, <-default>)
//	defer cancel()
//
// before the statement holding the call at cur, with names that are free
// there, and the name of the new context. root is the source of the parent
// context (expr, whose identifiers must mean the same there), or "" for
// context.Background(). ok is false where the edit would change behaviour:
// the call is not evaluated exactly once per execution of a statement of a
// block (loop conditions, case expressions, go and defer statements,
// labeled statements), or the statement is in a loop (deferred cancels would
// pile up until the function returns).
func (c *checker) withTimeout(cur inspector.Cursor, root string, expr ast.Expr) (string, []analysis.TextEdit, bool) {
	stmt, ok := insertionPoint(cur)
	if !ok {
		return "", nil, false
	}
	pos := stmt.Node().Pos()
	scope := c.blockScope(stmt.Parent())
	file := fixutil.FileOf(c.pass.Files, pos)
	if scope == nil || file == nil || expr != nil && !c.sameMeaning(expr, scope, pos) {
		return "", nil, false
	}
	ctxQual, edits, ok := fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, pos, "context", "context")
	if !ok {
		return "", nil, false
	}
	timeQual, timeEdits, ok := fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, pos, "time", "time")
	if !ok {
		return "", nil, false
	}
	edits = append(edits, timeEdits...)
	ctxName, cancelName, ok := freeNames(scope, pos)
	if !ok {
		return "", nil, false
	}
	src, err := fixutil.ReadFile(c.pass, pos)
	if err != nil {
		return "", nil, false
	}
	if root == "" {
		root = ctxQual + "Background()"
	}
	indent := fixutil.LineIndent(c.pass.Fset, src, pos)
	text := fmt.Sprintf("%s, %s := %sWithTimeout(%s, %s)\n%sdefer %s()\n%s",
		ctxName, cancelName, ctxQual, root, fixutil.Duration(c.def, timeQual), indent, cancelName, indent)
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	return ctxName, edits, true
}

// blockScope returns the scope of the block, case or select clause at cur;
// a function body shares the scope of its function type.
func (c *checker) blockScope(cur inspector.Cursor) *types.Scope {
	if s := c.pass.TypesInfo.Scopes[cur.Node()]; s != nil {
		return s
	}
	switch fn := cur.Parent().Node().(type) {
	case *ast.FuncDecl:
		return c.pass.TypesInfo.Scopes[fn.Type]
	case *ast.FuncLit:
		return c.pass.TypesInfo.Scopes[fn.Type]
	}
	return nil
}

// insertionPoint returns the statement of a block, case or select clause
// body before which a statement can be inserted for the call at cur, or
// false when the call is not evaluated exactly once each time that
// statement runs, or the statement is in a loop.
func insertionPoint(cur inspector.Cursor) (inspector.Cursor, bool) {
	prev := cur
	for p := cur.Parent(); p.Valid(); prev, p = p, p.Parent() {
		switch p.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl, *ast.CaseClause, *ast.CommClause,
			*ast.GoStmt, *ast.DeferStmt, *ast.LabeledStmt:
			return inspector.Cursor{}, false
		case *ast.ForStmt:
			if k := prev.ParentEdgeKind(); k == edge.ForStmt_Cond || k == edge.ForStmt_Post {
				return inspector.Cursor{}, false // evaluated on every iteration
			}
		}
		if _, ok := p.Node().(ast.Stmt); !ok {
			continue
		}
		switch p.ParentEdgeKind() {
		case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
			if inLoop(p) || hasGoto(p) {
				return inspector.Cursor{}, false
			}
			return p, true
		}
	}
	return inspector.Cursor{}, false
}

// hasGoto reports whether the function enclosing cur has a goto statement,
// which may jump over an inserted declaration.
func hasGoto(cur inspector.Cursor) bool {
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return true
	}
	for b := range fn.Preorder((*ast.BranchStmt)(nil)) {
		if b.Node().(*ast.BranchStmt).Tok == token.GOTO {
			return true
		}
	}
	return false
}

// inLoop reports whether a loop of the same function encloses cur.
func inLoop(cur inspector.Cursor) bool {
	for p := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return p != cur
		}
		return false
	}
	return false
}

// sameMeaning reports whether every identifier of e refers at pos (in
// scope) to what it refers to in e.
func (c *checker) sameMeaning(e ast.Expr, scope *types.Scope, pos token.Pos) bool {
	same := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if _, ok := c.pass.TypesInfo.Selections[n]; ok {
				ast.Inspect(n.X, func(m ast.Node) bool { return same && c.checkIdent(m, scope, pos, &same) })
				return false
			}
			c.checkIdent(n.X, scope, pos, &same)
			return false // pkg.Name: the package name decides
		case *ast.Ident:
			c.checkIdent(n, scope, pos, &same)
		}
		return same
	})
	return same
}

func (c *checker) checkIdent(n ast.Node, scope *types.Scope, pos token.Pos, same *bool) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		return true
	}
	if _, found := scope.LookupParent(id.Name, pos); found != obj {
		*same = false
	}
	return *same
}

// freeNames returns a context and a cancel name that are neither declared
// in scope (at any position) nor visible at pos, so that declaring them
// hides nothing and conflicts with nothing.
func freeNames(scope *types.Scope, pos token.Pos) (string, string, bool) {
	free := func(name string) bool {
		if scope.Lookup(name) != nil {
			return false
		}
		_, obj := scope.LookupParent(name, pos)
		return obj == nil
	}
	for i := 1; i < 10; i++ {
		suffix := ""
		if i > 1 {
			suffix = fmt.Sprint(i)
		}
		if ctx, cancel := "ctx"+suffix, "cancel"+suffix; free(ctx) && free(cancel) {
			return ctx, cancel, true
		}
	}
	return "", "", false
}
