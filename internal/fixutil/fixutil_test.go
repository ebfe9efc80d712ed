package fixutil_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/internal/fixutil"
)

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		10 * time.Second:        "10 * time.Second",
		time.Minute:             "time.Minute",
		90 * time.Second:        "90 * time.Second",
		1500 * time.Millisecond: "1500 * time.Millisecond",
		2 * time.Hour:           "2 * time.Hour",
		7:                       "7 * time.Nanosecond",
	} {
		if got := fixutil.Duration(d, "time."); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
	if got := fixutil.Duration(time.Second, ""); got != "Second" {
		t.Errorf("Duration with a dot import = %q", got)
	}
}

// apply applies edits to src.
func apply(fset *token.FileSet, src string, edits []analysis.TextEdit) string {
	// Apply from the end so offsets stay valid.
	out := src
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		start, end := fset.Position(e.Pos).Offset, fset.Position(e.End).Offset
		out = out[:start] + string(e.NewText) + out[end:]
	}
	return out
}

func parse(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Scopes: make(map[ast.Node]*types.Scope), Defs: make(map[*ast.Ident]types.Object), Uses: make(map[*ast.Ident]types.Object)}
	pkg, err := (&types.Config{Importer: fakeImporter{}}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f, info, pkg
}

// fakeImporter imports the standard library from export data and makes up
// example.com packages with one variable Y.
type fakeImporter struct{}

func (fakeImporter) Import(path string) (*types.Package, error) {
	if !strings.HasPrefix(path, "example.com/") {
		return importer.Default().Import(path)
	}
	pkg := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
	pkg.Scope().Insert(types.NewVar(token.NoPos, pkg, "Y", types.Typ[types.Int]))
	pkg.MarkComplete()
	return pkg, nil
}

func TestInsertField(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"package p\n\ntype T struct{ A, B int }\n\nvar _ = T{}\n", "T{B: 1}"},
		{"package p\n\ntype T struct{ A, B int }\n\nvar _ = T{A: 1}\n", "T{A: 1, B: 1}"},
		{"package p\n\ntype T struct{ A, B int }\n\nvar _ = T{\n\tA: 1,\n}\n", "T{\n\tA: 1,\n\tB: 1,\n}"},
	} {
		fset, f, _, _ := parse(t, tc.src)
		var lit *ast.CompositeLit
		ast.Inspect(f, func(n ast.Node) bool {
			if l, ok := n.(*ast.CompositeLit); ok {
				lit = l
			}
			return true
		})
		edit, ok := fixutil.InsertField(fset, []byte(tc.src), lit, "B", "1")
		if !ok {
			t.Fatalf("InsertField refused %q", tc.src)
		}
		if got := apply(fset, tc.src, []analysis.TextEdit{edit}); !strings.Contains(got, tc.want) {
			t.Errorf("InsertField(%q) = %q, want it to contain %q", tc.src, got, tc.want)
		}
	}
	src := "package p\n\ntype T struct{ A, B int }\n\nvar _ = T{1, 2}\n"
	fset, f, _, _ := parse(t, src)
	lit := f.Decls[1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.CompositeLit)
	if _, ok := fixutil.InsertField(fset, []byte(src), lit, "B", "1"); ok {
		t.Error("InsertField accepted a positional literal")
	}
}

func TestQualifier(t *testing.T) {
	for _, tc := range []struct {
		name, src, qual, want string
		ok                    bool
	}{
		{"imported", "package p\n\nimport \"time\"\n\nvar X = time.Now\n", "time.", "", true},
		{"renamed", "package p\n\nimport tm \"time\"\n\nvar X = tm.Now\n", "tm.", "", true},
		{"dot", "package p\n\nimport . \"time\"\n\nvar X = Now\n", "", "", true},
		{"missing, block", "package p\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar X, Y = fmt.Sprint, os.Exit\n", "time.", "\"os\"\n\t\"time\"\n)", true},
		{"missing, single", "package p\n\nimport \"fmt\"\n\nvar X = fmt.Sprint\n", "time.", "import \"fmt\"\nimport \"time\"", true},
		{"missing, none", "package p\n\nvar X = 1\n", "time.", "package p\n\nimport \"time\"", true},
		{"missing, std before others", "package p\n\nimport (\n\t\"example.com/x\"\n)\n\nvar X = x.Y\n", "time.", "\"time\"\n\n\t\"example.com/x\"", true},
		{"shadowed", "package p\n\nvar time = 1\n", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset, f, info, pkg := parse(t, tc.src)
			pos := f.Decls[len(f.Decls)-1].Pos()
			qual, edits, ok := fixutil.Qualifier(info, pkg, f, pos, "time", "time")
			if ok != tc.ok || qual != tc.qual {
				t.Fatalf("Qualifier = %q, %v; want %q, %v", qual, ok, tc.qual, tc.ok)
			}
			got := apply(fset, tc.src, edits)
			if tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("after the import edit:\n%s\nwant it to contain %q", got, tc.want)
			}
			if _, err := parser.ParseFile(token.NewFileSet(), "p.go", got, 0); err != nil {
				t.Errorf("edited source does not parse: %v\n%s", err, got)
			}
		})
	}
}

func TestQualifierNonStandard(t *testing.T) {
	src := "package p\n\nimport (\n\t\"fmt\"\n)\n\nvar X = fmt.Sprint\n"
	fset, f, info, pkg := parse(t, src)
	qual, edits, ok := fixutil.Qualifier(info, pkg, f, f.Decls[1].Pos(), "example.com/runtime/budget", "budget")
	if !ok || qual != "budget." {
		t.Fatalf("Qualifier = %q, %v", qual, ok)
	}
	got := apply(fset, src, edits)
	if want := "\"fmt\"\n\n\t\"example.com/runtime/budget\"\n)"; !strings.Contains(got, want) {
		t.Errorf("non-standard import not in its own group:\n%s", got)
	}
}

func TestMultiplyBySecond(t *testing.T) {
	for src, want := range map[string]string{
		"package p\n\nvar x = 30\n":    "var x = 30 * time.Second\n",
		"package p\n\nvar x = 2 + 3\n": "var x = (2 + 3) * time.Second\n",
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		e := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0]
		if got := apply(fset, src, fixutil.MultiplyBySecond(e, "time.")); !strings.HasSuffix(got, want) {
			t.Errorf("MultiplyBySecond on %q = %q, want suffix %q", src, got, want)
		}
	}
}
