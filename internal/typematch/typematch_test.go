package typematch_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

const src = `package p

import (
	"context"
	stdhttp "net/http"
	"time"
)

type Client = stdhttp.Client // alias

type FrameworkCtx struct{ context.Context }

type NotCtx struct{}

func (NotCtx) Done() <-chan struct{} { return nil }

type Box[T any] struct{ v T }

var (
	get    = stdhttp.Get
	do     = (*stdhttp.Client).Do
	alias  *Client
	fw     *FrameworkCtx
	notCtx NotCtx
	ctx    context.Context
	box    Box[int]
	dur    time.Duration

	fwVal     FrameworkCtx                 // a struct embedding the interface
	anonEmbed *struct{ context.Context }   // an unnamed struct embedding it
	ctxPtr    *context.Context             // a pointer to an interface has no methods
	ctxSlice  []context.Context
	ctxFunc   func() context.Context
	ctxAlias  CtxAlias
	ctxIface  interface{ context.Context } // an unnamed interface embedding it
)

type CtxAlias = context.Context

func Generic[C context.Context](c C) {}

func local() {}

const untypedC = 30

const typedC time.Duration = 30

var exprs = []any{30, untypedC * 2, 1 << 3, time.Second * 3, typedC, time.Duration(3)}
`

func TestIsUntypedConstExpr(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Types: make(map[ast.Expr]types.TypeAndValue)}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var lit *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		if l, ok := n.(*ast.CompositeLit); ok {
			lit = l
		}
		return true
	})
	want := []bool{true, true, true, false, false, false}
	for i, e := range lit.Elts {
		if got := typematch.IsUntypedConstExpr(info, e); got != want[i] {
			t.Errorf("IsUntypedConstExpr(element %d) = %v, want %v", i, got, want[i])
		}
	}
}

func check(t *testing.T) (*types.Package, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Types: make(map[ast.Expr]types.TypeAndValue)}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, info
}

func varType(pkg *types.Package, name string) types.Type { return pkg.Scope().Lookup(name).Type() }

func TestNamed(t *testing.T) {
	pkg, _ := check(t)
	http := func() *types.Package {
		for _, imp := range pkg.Imports() {
			if imp.Path() == "net/http" {
				return imp
			}
		}
		t.Fatal("net/http not imported")
		return nil
	}()
	get := http.Scope().Lookup("Get")
	if !typematch.IsFunctionNamed(get, "net/http", "Head", "Get") {
		t.Error("IsFunctionNamed(http.Get) = false")
	}
	if typematch.IsFunctionNamed(get, "net/http", "Post") || typematch.IsFunctionNamed(get, "example.com/http", "Get") {
		t.Error("IsFunctionNamed matched the wrong name or path")
	}
	client := http.Scope().Lookup("Client").Type()
	do, _, _ := types.LookupFieldOrMethod(types.NewPointer(client), false, http, "Do")
	if !typematch.IsMethodNamed(do, "net/http", "Client", "Do") {
		t.Error("IsMethodNamed((*http.Client).Do) = false")
	}
	if typematch.IsFunctionNamed(do, "net/http", "Do") {
		t.Error("IsFunctionNamed matched a method")
	}
	if !typematch.IsPointerToNamed(varType(pkg, "alias"), "net/http", "Client") {
		t.Error("an alias of http.Client is not seen through")
	}
	if !typematch.IsTypeNamed(varType(pkg, "box"), "p", "Box") {
		t.Error("an instantiated generic type does not match its origin")
	}
	if !typematch.IsPackageVar(http.Scope().Lookup("DefaultClient"), "net/http", "DefaultClient") {
		t.Error("IsPackageVar(http.DefaultClient) = false")
	}
	timeout := client.Underlying().(*types.Struct).Field(3)
	if !typematch.IsField(timeout, "net/http", "Client", timeout.Name()) || typematch.IsField(timeout, "net/http", "Server", timeout.Name()) {
		t.Errorf("IsField(http.Client.%s) wrong", timeout.Name())
	}
	if !typematch.Imports(pkg, "net/http") || typematch.Imports(pkg, "net") || !typematch.ImportsAny(pkg, "x", "time") {
		t.Error("Imports/ImportsAny wrong")
	}
	var nilFunc *types.Func
	if typematch.IsFunctionNamed(nilFunc, "net/http", "Get") || typematch.IsMethodNamed(nilFunc, "net/http", "Client", "Do") {
		t.Error("a nil *types.Func matched")
	}
}

func TestIsContext(t *testing.T) {
	pkg, _ := check(t)
	for name, want := range map[string]bool{
		"ctx": true, "fw": true, "notCtx": false, "dur": false, "box": false,
		"fwVal": true, "anonEmbed": true, "ctxPtr": false, "ctxSlice": false, "ctxFunc": false,
		"ctxAlias": true, "ctxIface": true,
	} {
		if got := typematch.IsContext(varType(pkg, name)); got != want {
			t.Errorf("IsContext(%s) = %v, want %v", name, got, want)
		}
	}
	if typematch.IsContext(nil) {
		t.Error("IsContext(nil) = true")
	}
	// A type parameter constrained by context.Context.
	generic := pkg.Scope().Lookup("Generic").Type().(*types.Signature)
	if c := generic.Params().At(0).Type(); !typematch.IsContext(c) {
		t.Errorf("IsContext(%s) = false for a type parameter constrained by context.Context", c)
	}
}
