// Package testutil locates the repository's shared analysistest fixtures.
package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// TestData returns the absolute path of the repository's testdata
// directory, which holds the GOPATH-layout fixtures (testdata/src/...) of
// every analyzer and the stubs of third-party packages they share.
func TestData() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("internal error: testutil: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// SetFlag sets the analyzer flag name to value for the duration of the test.
func SetFlag(t testing.TB, a *analysis.Analyzer, name, value string) {
	t.Helper()
	f := a.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("analyzer %s has no flag %q", a.Name, name)
	}
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatalf("setting -%s.%s=%s: %v", a.Name, name, value, err)
	}
	t.Cleanup(func() {
		if err := f.Value.Set(old); err != nil {
			t.Errorf("restoring -%s.%s=%s: %v", a.Name, name, old, err)
		}
	})
}

// GoldenCompiles type-checks each fixture package (GOPATH testdata) with
// every foo.go replaced by its foo.go.golden, so that suggested fixes are
// known to produce code that compiles.
func GoldenCompiles(t *testing.T, pkgs ...string) {
	t.Helper()
	src := filepath.Join(TestData(), "src")
	overlay := make(map[string][]byte)
	for _, pkg := range pkgs {
		goldens, err := filepath.Glob(filepath.Join(src, pkg, "*.go.golden"))
		if err != nil {
			t.Fatal(err)
		}
		if len(goldens) == 0 {
			t.Fatalf("package %s has no golden files", pkg)
		}
		for _, g := range goldens {
			content, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			overlay[strings.TrimSuffix(g, ".golden")] = content
		}
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports,
		Dir:     src,
		Env:     append(os.Environ(), "GOPATH="+TestData(), "GO111MODULE=off", "GOPROXY=off"),
		Overlay: overlay,
		Tests:   true,
	}
	loaded, err := packages.Load(cfg, pkgs...)
	if err != nil {
		t.Fatalf("loading fixed packages: %v", err)
	}
	packages.Visit(loaded, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("fixed code does not compile: %v", e)
		}
	})
}
