package scope_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/internal/scope"
)

func TestPrefixes(t *testing.T) {
	var ps scope.Prefixes
	if err := ps.Set(" example.com/a/ , example.com/b,,"); err != nil {
		t.Fatal(err)
	}
	if got := ps.String(); got != "example.com/a,example.com/b" {
		t.Errorf("String() = %q", got)
	}
	for path, want := range map[string]bool{
		"example.com/a": true, "example.com/a/x": true, "example.com/ab": false, "example.com/b/c": true, "net/http": false,
	} {
		if got := ps.Contains(path); got != want {
			t.Errorf("Contains(%q) = %v, want %v", path, got, want)
		}
	}
	if err := ps.Set(`bad "path"`); err == nil {
		t.Error("Set accepted an invalid prefix")
	}
}

func TestOf(t *testing.T) {
	pkg := types.NewPackage("example.com/m/svc", "svc")
	if got := scope.Of(&analysis.Pass{Pkg: pkg, Module: &analysis.Module{Path: "example.com/m"}}, nil); got.String() != "example.com/m" {
		t.Errorf("module mode: %q", got.String())
	}
	if got := scope.Of(&analysis.Pass{Pkg: pkg}, nil); got.String() != "example.com" {
		t.Errorf("GOPATH mode: %q", got.String())
	}
	if got := scope.Of(&analysis.Pass{Pkg: pkg}, scope.Prefixes{"x/y"}); got.String() != "x/y" {
		t.Errorf("override: %q", got.String())
	}
}
