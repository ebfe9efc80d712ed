package analysisdoc

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackageCommentMatchesGoAST checks the line reader against go/ast's
// CommentGroup.Text, on the analyzers' doc.go files and on the cases where
// the two could part: directives, blank runs, trailing spaces, build
// constraints, comments without a space after the slashes.
func TestPackageCommentMatchesGoAST(t *testing.T) {
	docs, err := filepath.Glob("../../analyzers/*/doc.go")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no doc.go files found: %v", err)
	}
	srcs := map[string]string{
		"directives": "// Package x.\n//go:generate stringer\n//lint:ignore U1000 x\n//export F\n// go:notadirective\n//line x.go:1\n// tail\npackage x\n",
		"blank runs": "//\n//\n// Package x.\n//\n//\n//\n// Next.\n//\n//\npackage x\n",
		"spaces":     "// Package x.   \n//\tindented\t\n//  two spaces\n//no space\n   // indented marker\npackage x // trailing\n",
		"build tag":  "//go:build linux\n\n// Package x.\n//\n//\tcode()\npackage x\n",
		"crlf":       "// Package x.\r\n//\r\n// Body.\r\npackage x\r\n",
		"colon text": "// Package x: a:b c:D 1:2\n// see: https://example.com\npackage x\n",
	}
	for _, d := range docs {
		data, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		srcs[d] = string(data)
	}
	for name, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := f.Doc.Text()
		got, err := packageComment(src)
		if err != nil {
			t.Errorf("%s: packageComment: %v", name, err)
			continue
		}
		if got != want {
			t.Errorf("%s: packageComment =\n%q\ngo/ast Text =\n%q", name, got, want)
		}
	}
}

// extractOracle is the section extraction as first written, line by line
// over a split of the text: extractFromText must agree with it.
func extractOracle(text, name string) (string, bool) {
	lines := strings.Split(text, "\n")
	heading := "# Analyzer " + name
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == heading {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return "", false
	}
	end := len(lines)
	for i := start; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "# Analyzer ") {
			end = i
			break
		}
	}
	section := lines[start:end]
	for len(section) > 0 && strings.TrimSpace(section[0]) == "" {
		section = section[1:]
	}
	prefix := name + ": "
	if len(section) == 0 || !strings.HasPrefix(section[0], prefix) {
		return "", false
	}
	summary := strings.TrimPrefix(section[0], prefix)
	body := strings.TrimSpace(strings.Join(section[1:], "\n"))
	if body == "" {
		return summary, true
	}
	return summary + "\n\n" + body, true
}

func TestExtractFromTextMatchesOracle(t *testing.T) {
	texts := []string{
		"# Analyzer a\n\na: one\n",
		"# Analyzer a\na: one\n# Analyzer b\nb: two\n\nBody of b.\n",
		"Intro.\n\n# Analyzer a\n\na: one\n\nBody.\n\n\tcode()\n\n# Analyzer b\n\nb: two\n",
		"# Analyzer a\n# Analyzer b\nb: two\n",
		"# Analyzer a\n",
		"# Analyzer a",
		"# Analyzer a\nnot a summary\n",
		"  # Analyzer a  \n\na: indented heading\n",
	}
	docs, _ := filepath.Glob("../../analyzers/*/doc.go")
	for _, d := range docs {
		data, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		text, err := packageComment(string(data))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, text)
	}
	for _, text := range texts {
		for _, name := range []string{"a", "b", "nohttptimeout", "ctxdeadline", "retrybudget", "grpcdeadline"} {
			got, err := extractFromText(text, name)
			want, ok := extractOracle(text, name)
			if (err == nil) != ok || got != want {
				t.Errorf("extractFromText(%.40q, %s) = %q, %v; want %q, ok=%v", text, name, got, err, want, ok)
			}
		}
	}
}

func BenchmarkExtract(b *testing.B) {
	data, err := os.ReadFile("../../analyzers/ctxdeadline/doc.go")
	if err != nil {
		b.Fatal(err)
	}
	src := string(data)
	for b.Loop() {
		if _, err := Extract(src, "ctxdeadline"); err != nil {
			b.Fatal(err)
		}
	}
}
