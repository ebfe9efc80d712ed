package ctxorigin

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// Placement says when code runs relative to the incoming context of the
// function that holds it. Analyzers use it to leave alone code that must
// not (or cannot) be bounded by the caller's deadline.
type Placement uint8

// The placements of code.
const (
	// Inline code runs while its function runs, under the incoming context.
	Inline Placement = iota
	// Deferred code runs in a deferred call, as the function returns:
	// cleanup that often must run even when the caller gave up.
	Deferred
	// Goroutine code runs detached from the caller: in a go statement (its
	// call's arguments or its function literal), or in a time.AfterFunc
	// callback. It may outlive the caller, so the incoming context is the
	// wrong one to give it.
	Goroutine
	// AfterDone code runs only once a context is done: after a
	// <-ctx.Done() statement in an enclosing block, in a case <-ctx.Done()
	// clause, after a select that waits for ctx.Done() in a clause that
	// falls through, inside if ctx.Err() != nil, or in a context.AfterFunc
	// callback. This is the graceful-shutdown pattern: the incoming context
	// is already cancelled there.
	AfterDone
)

func (p Placement) String() string {
	switch p {
	case Deferred:
		return "deferred"
	case Goroutine:
		return "goroutine"
	case AfterDone:
		return "after-done"
	}
	return "inline"
}

// PlacementOf returns the placement of the node at cur: the innermost
// reason, walking outward to the enclosing function declaration, that the
// code does not run inline. Function literals are transparent: a literal
// that is only stored or passed on is taken to run where it is written.
func PlacementOf(info *types.Info, cur inspector.Cursor) Placement {
	child := cur
	for c := cur.Parent(); c.Node() != nil; child, c = c, c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			return Inline
		case *ast.GoStmt:
			return Goroutine
		case *ast.DeferStmt:
			return Deferred
		case *ast.CallExpr:
			if lit, ok := child.Node().(*ast.FuncLit); ok && lit != n.Fun {
				switch fn := typematch.CalleeFunc(info, n); {
				case typematch.IsFunctionNamed(fn, "time", "AfterFunc"):
					return Goroutine
				case typematch.IsFunctionNamed(fn, "context", "AfterFunc"):
					return AfterDone
				}
			}
		case *ast.CommClause:
			if n.Comm != nil && child.Node() != n.Comm && isDoneRecv(info, n.Comm) ||
				afterDoneIn(info, n.Body, child.Node()) {
				return AfterDone
			}
		case *ast.IfStmt:
			if child.Node() == n.Body && isErrNotNil(info, n.Cond) {
				return AfterDone
			}
		case *ast.BlockStmt:
			if afterDoneIn(info, n.List, child.Node()) {
				return AfterDone
			}
		case *ast.CaseClause:
			if afterDoneIn(info, n.Body, child.Node()) {
				return AfterDone
			}
		}
	}
	return Inline
}

// afterDoneIn reports whether a statement of list before stmt waits for a
// context to be done: <-ctx.Done(), or a blocking select with a
// <-ctx.Done() clause that falls through to the code after it.
func afterDoneIn(info *types.Info, list []ast.Stmt, stmt ast.Node) bool {
	for _, s := range list {
		if s == stmt {
			return false
		}
		switch s := s.(type) {
		case *ast.ExprStmt:
			if isDoneRecv(info, s) {
				return true
			}
		case *ast.SelectStmt:
			if selectFallsThroughOnDone(info, s) {
				return true
			}
		}
	}
	return false
}

// selectFallsThroughOnDone reports whether sel has no default clause and a
// <-ctx.Done() clause whose body does not leave the enclosing block (its
// last statement is not a return, branch or panic): the shutdown pattern
// "wait for cancellation or a server error, then clean up".
func selectFallsThroughOnDone(info *types.Info, sel *ast.SelectStmt) bool {
	done := false
	for _, s := range sel.Body.List {
		cc, ok := s.(*ast.CommClause)
		if !ok {
			continue
		}
		if cc.Comm == nil {
			return false // default: the select does not wait
		}
		if isDoneRecv(info, cc.Comm) && !leaves(cc.Body) {
			done = true
		}
	}
	return done
}

// leaves reports whether a clause body ends by leaving the code around it.
func leaves(body []ast.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	switch s := body[len(body)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok != token.FALLTHROUGH
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// isDoneRecv reports whether stmt receives from the Done channel of a
// context: <-ctx.Done() as a statement, or v := <-ctx.Done() / v, ok := ...
func isDoneRecv(info *types.Info, stmt ast.Stmt) bool {
	ch, ok := astutil.ReceivedFrom(stmt)
	return ok && isContextMethodCall(info, ch, "Done")
}

// isErrNotNil reports whether cond is ctx.Err() != nil (either way round).
func isErrNotNil(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		_, isNil := info.Uses[id].(*types.Nil)
		return ok && isNil
	}
	return isContextMethodCall(info, b.X, "Err") && isNil(b.Y) ||
		isContextMethodCall(info, b.Y, "Err") && isNil(b.X)
}

// isContextMethodCall reports whether e is x.name() with x of context type.
func isContextMethodCall(info *types.Info, e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name && typematch.IsContext(info.TypeOf(sel.X))
}
