package analysisdoc

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
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
