package retrybudget_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// goldenSectionsCompile type-checks a fixture package once per fix: every
// foo.go is replaced by its foo.go.golden, and a txtar golden (alternative
// fixes, one section per fix message) by each of its sections in turn.
// testutil.GoldenCompiles covers plain goldens only.
func goldenSectionsCompile(t *testing.T, pkg string) {
	t.Helper()
	src := filepath.Join(testutil.TestData(), "src")
	goldens, err := filepath.Glob(filepath.Join(src, pkg, "*.go.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("package %s has no golden files (%v)", pkg, err)
	}
	plain := make(map[string][]byte)
	sections := make(map[string]map[string][]byte) // section name -> file -> content
	for _, g := range goldens {
		ar, err := txtar.ParseFile(g)
		if err != nil {
			t.Fatal(err)
		}
		file := g[:len(g)-len(".golden")]
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
	for name, files := range sections {
		overlay := make(map[string][]byte)
		for f, c := range plain {
			overlay[f] = c
		}
		for f, c := range files {
			overlay[f] = c
		}
		cfg := &packages.Config{
			Mode:    packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports,
			Dir:     src,
			Env:     append(os.Environ(), "GOPATH="+testutil.TestData(), "GO111MODULE=off", "GOPROXY=off"),
			Overlay: overlay,
		}
		loaded, err := packages.Load(cfg, pkg)
		if err != nil {
			t.Fatalf("loading %s fixed by %q: %v", pkg, name, err)
		}
		packages.Visit(loaded, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				t.Errorf("code fixed by %q does not compile: %v", name, e)
			}
		})
	}
}
