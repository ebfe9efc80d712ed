package retrybudget_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// goldenSectionsCompile type-checks a fixture package once per fix message:
// every foo.go is replaced by its foo.go.golden, a txtar golden
// (alternative fixes, one section per message) by each of its sections in
// turn. testutil.GoldenCompiles covers plain goldens only. The packages the
// fixed code may import are loaded once, with the fixture package itself
// and extra (imports that the fixes add).
func goldenSectionsCompile(t *testing.T, pkg string, extra ...string) {
	t.Helper()
	src := filepath.Join(testutil.TestData(), "src")
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
		Dir:  src,
		Env:  append(os.Environ(), "GOPATH="+testutil.TestData(), "GO111MODULE=off", "GOPROXY=off"),
	}
	loaded, err := packages.Load(cfg, append([]string{pkg}, extra...)...)
	if err != nil || len(loaded) == 0 {
		t.Fatalf("loading %s: %v", pkg, err)
	}
	deps := make(map[string]*types.Package)
	for _, p := range loaded[1:] {
		deps[p.PkgPath] = p.Types
	}
	for path, p := range loaded[0].Imports {
		deps[path] = p.Types
	}
	fallback := importer.Default()
	imp := importerFunc(func(path string) (*types.Package, error) {
		if p, ok := deps[path]; ok {
			return p, nil
		}
		return fallback.Import(path)
	})

	plain := make(map[string][]byte)
	sections := make(map[string]map[string][]byte) // message -> file -> content
	for _, file := range loaded[0].GoFiles {
		content, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		plain[file] = content
		ar, err := txtar.ParseFile(file + ".golden")
		if err != nil {
			continue // no golden: the file is unchanged
		}
		if len(ar.Files) == 0 {
			plain[file] = ar.Comment
			continue
		}
		for _, f := range ar.Files {
			if sections[f.Name] == nil {
				sections[f.Name] = make(map[string][]byte)
			}
			sections[f.Name][file] = f.Data
		}
	}
	if len(sections) == 0 {
		t.Fatalf("package %s has no txtar golden files", pkg)
	}
	for name, files := range sections {
		fset := token.NewFileSet()
		var syntax []*ast.File
		names := make([]string, 0, len(plain))
		for f := range plain {
			names = append(names, f)
		}
		sort.Strings(names)
		for _, f := range names {
			content := plain[f]
			if c, ok := files[f]; ok {
				content = c
			}
			af, err := parser.ParseFile(fset, f, content, 0)
			if err != nil {
				t.Errorf("code fixed by %q does not parse: %v", name, err)
				continue
			}
			syntax = append(syntax, af)
		}
		conf := types.Config{Importer: imp, Error: func(err error) { t.Errorf("code fixed by %q does not compile: %v", name, err) }}
		_, _ = conf.Check(pkg, fset, syntax, nil)
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
