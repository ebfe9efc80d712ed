package astutil_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
)

func TestReceivedFrom(t *testing.T) {
	src := "package p\n\nfunc f(a, b chan int) {\n\tselect {\n\tcase <-a:\n\tcase v, ok := <-b:\n\t\t_, _ = v, ok\n\tcase a <- 1:\n\tdefault:\n\t}\n}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	sel := f.Decls[0].(*ast.FuncDecl).Body.List[0].(*ast.SelectStmt)
	want := []string{"a", "b", "", ""}
	for i, cc := range sel.Body.List {
		ch, ok := astutil.ReceivedFrom(cc.(*ast.CommClause).Comm)
		got := ""
		if ok {
			got = ch.(*ast.Ident).Name
		}
		if got != want[i] {
			t.Errorf("case %d: ReceivedFrom = %q, want %q", i, got, want[i])
		}
	}
}
