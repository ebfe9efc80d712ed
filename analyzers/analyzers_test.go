package analyzers_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/timeoutlint/timeoutlint/analyzers"
	"github.com/timeoutlint/timeoutlint/internal/directive"
	"github.com/timeoutlint/timeoutlint/internal/lazyinspect"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

func TestValidate(t *testing.T) {
	if err := analysis.Validate(analyzers.All); err != nil {
		t.Fatal(err)
	}
}

// TestDocs checks the documentation contract of every analyzer: the Doc
// title is a short lowercase verb phrase without a period, the URL is set,
// the name is the package directory, and doc.go documents every category.
func TestDocs(t *testing.T) {
	for _, a := range analyzers.All {
		t.Run(a.Name, func(t *testing.T) {
			title, _, _ := strings.Cut(a.Doc, "\n")
			switch {
			case title == "":
				t.Error("Doc has no title")
			case len(title) > 60:
				t.Errorf("Doc title %q is over 60 characters", title)
			case strings.HasSuffix(title, "."):
				t.Errorf("Doc title %q ends with a period", title)
			case !unicode.IsLower(rune(title[0])):
				t.Errorf("Doc title %q does not start lowercase", title)
			}
			if !strings.HasPrefix(a.URL, "https://") {
				t.Errorf("URL %q is not set", a.URL)
			}
			src, err := os.ReadFile(filepath.Join(a.Name, "doc.go"))
			if err != nil {
				t.Fatalf("analyzer %s has no doc.go in a directory of its name: %v", a.Name, err)
			}
			if !strings.Contains(string(src), "// # Analyzer "+a.Name+"\n") {
				t.Errorf("doc.go lacks the \"# Analyzer %s\" heading", a.Name)
			}
			// Every category constant must have a "# <category>" section with a
			// before/after pair of indented code blocks.
			code, err := os.ReadFile(filepath.Join(a.Name, a.Name+".go"))
			if err != nil {
				t.Fatal(err)
			}
			for _, cat := range categories(string(code)) {
				i := strings.Index(a.Doc, "# "+cat+"\n")
				if i < 0 {
					t.Errorf("Doc has no section for category %q", cat)
					continue
				}
				section := a.Doc[i:]
				if j := strings.Index(section[1:], "\n# "); j >= 0 {
					section = section[:j+1]
				}
				if strings.Count(section, "\n\t") < 2 {
					t.Errorf("Doc section %q lacks before/after code", cat)
				}
			}
		})
	}
}

// categories returns the string values of the Category* constants declared
// in an analyzer's source.
func categories(src string) []string {
	var cats []string
	for line := range strings.SplitSeq(src, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "Category") {
			continue
		}
		_, val, ok := strings.Cut(line, "= \"")
		if !ok {
			continue
		}
		cats = append(cats, strings.TrimSuffix(val, "\""))
	}
	return cats
}

// TestDirectiveNames checks that the suppression directive knows every
// analyzer, and nothing else.
func TestDirectiveNames(t *testing.T) {
	var names []string
	for _, a := range analyzers.All {
		names = append(names, a.Name)
	}
	for _, n := range names {
		if !slices.Contains(directive.KnownNames, n) {
			t.Errorf("directive.KnownNames lacks analyzer %q", n)
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(directive.KnownNames))) {
		t.Errorf("directive.KnownNames = %q, want the analyzers %q", directive.KnownNames, names)
	}
}

// TestFastPaths checks that the analyzers' fast paths leave the shared
// syntax index unbuilt where no finding can be (most of the standard
// library), and build it where one can, including through a framework
// context type in a package that imports neither context nor net/http.
func TestFastPaths(t *testing.T) {
	probe := &analysis.Analyzer{
		Name:     "indexprobe",
		Doc:      "report whether the analyzers built the syntax index",
		Requires: append([]*analysis.Analyzer{lazyinspect.Analyzer}, analyzers.All...),
		Run: func(pass *analysis.Pass) (any, error) {
			if strings.HasSuffix(pass.Pkg.Path(), ".test") {
				return nil, nil // the generated test main
			}
			msg := "index not built"
			if pass.ResultOf[lazyinspect.Analyzer].(*lazyinspect.Result).Built() {
				msg = "index built"
			}
			pass.Reportf(pass.Files[0].Name.Pos(), "%s", msg)
			return nil, nil
		},
	}
	analysistest.Run(t, testutil.TestData(), probe, "lazyinspect/arith", "lazyinspect/durations", "lazyinspect/server", "lazyinspect/framework", "lazyinspect/onlytests")
}
