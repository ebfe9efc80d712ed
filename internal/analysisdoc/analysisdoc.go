// Package analysisdoc extracts an analyzer's documentation from the package
// comment of its doc.go, so that go doc, pkg.go.dev and `timeoutlint help`
// read the same text.
//
// The package comment holds a section per analyzer:
//
//	# Analyzer name
//
//	name: one-line summary
//
//	Body paragraphs...
//
// The section ends at the next "# Analyzer" heading or at the end.
package analysisdoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the documentation of the named analyzer from the Go
// source content of a doc.go file: the summary line (without the "name: "
// prefix), a blank line, and the body.
func Extract(content, name string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("parsing doc.go: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	return extractFromComment(f.Doc, name)
}

func extractFromComment(doc *ast.CommentGroup, name string) (string, error) {
	lines := strings.Split(doc.Text(), "\n")
	heading := "# Analyzer " + name
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == heading {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return "", fmt.Errorf("package comment has no %q section", heading)
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
		return "", fmt.Errorf("section %q must start with a line %q", heading, prefix+"<summary>")
	}
	summary := strings.TrimPrefix(section[0], prefix)
	body := strings.TrimSpace(strings.Join(section[1:], "\n"))
	if body == "" {
		return summary, nil
	}
	return summary + "\n\n" + body, nil
}

// MustExtract is like Extract but panics on a malformed doc.go: it runs at
// package initialisation, where a bad doc is a programming error.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic("internal error: analyzer " + name + ": " + err.Error())
	}
	return doc
}
