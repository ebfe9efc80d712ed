package lazyinspect

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync"
	"testing"
)

func TestInspectorBuiltOnceOnFirstUse(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "a.go", "package a\n\nfunc f() { g() }\nfunc g() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	r := &Result{files: []*ast.File{f}}
	if r.Built() {
		t.Fatal("Built before any use")
	}
	const n = 8
	got := make([]any, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i] = r.Inspector() })
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("Inspector returned different inspectors to concurrent callers")
		}
	}
	if !r.Built() {
		t.Error("Built is false after Inspector")
	}
	calls := 0
	for range r.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		calls++
	}
	if calls != 1 {
		t.Errorf("inspector found %d calls, want 1", calls)
	}
}
