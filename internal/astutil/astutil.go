// Package astutil holds small syntax helpers over inspector cursors that
// the timeoutlint analyzers share.
package astutil

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/inspector"
)

// EnclosingFunc returns the cursor of the innermost function (declaration or
// literal) enclosing cur, cur included, and whether there is one.
func EnclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	return First(cur, (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil))
}

// EnclosingFuncDecl returns the cursor of the function declaration enclosing cur.
func EnclosingFuncDecl(cur inspector.Cursor) (inspector.Cursor, bool) {
	return First(cur, (*ast.FuncDecl)(nil))
}

// First returns the innermost node of one of the given types enclosing cur
// (cur included).
func First(cur inspector.Cursor, types ...ast.Node) (inspector.Cursor, bool) {
	for c := range cur.Enclosing(types...) {
		return c, true
	}
	return inspector.Cursor{}, false
}

// ReceivedFrom returns the channel expression that stmt receives from when
// stmt is a receive statement (<-ch, v := <-ch, v, ok = <-ch), as in a
// select case, and whether it is one.
func ReceivedFrom(stmt ast.Stmt) (ast.Expr, bool) {
	var x ast.Expr
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		x = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			x = s.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil, false
	}
	return u.X, true
}
