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
//
// Extraction runs when the command starts, once per analyzer, and go vet
// starts the command once per package: it reads the // lines above the
// package clause directly rather than parsing the file (a tenth of the
// cost), with the rules of go/ast's CommentGroup.Text.
package analysisdoc

import (
	"fmt"
	"strings"
)

// Extract returns the documentation of the named analyzer from the Go
// source content of a doc.go file: the summary line (without the "name: "
// prefix), a blank line, and the body. The package comment must be made of
// // comments, as gofmt'd doc comments are.
func Extract(content, name string) (string, error) {
	text, err := packageComment(content)
	if err != nil {
		return "", err
	}
	return extractFromText(text, name)
}

// packageComment returns the text of the package comment of a Go file: the
// run of // lines that ends on the line before the package clause, with
// the comment markers, the first space after them, trailing spaces and
// //go: style directives removed, and runs of blank lines made one.
func packageComment(content string) (string, error) {
	lines := strings.Split(content, "\n")
	pkg := -1
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "/*") {
			return "", fmt.Errorf("doc.go: block comments are not supported; write the package comment with //")
		}
		if l == "package" || strings.HasPrefix(l, "package ") || strings.HasPrefix(l, "package\t") {
			pkg = i
			break
		}
		if l != "" && !strings.HasPrefix(l, "//") {
			return "", fmt.Errorf("doc.go: unexpected %q before the package clause", l)
		}
	}
	if pkg < 0 {
		return "", fmt.Errorf("doc.go has no package clause")
	}
	start := pkg
	for start > 0 && strings.HasPrefix(strings.TrimSpace(lines[start-1]), "//") {
		start--
	}
	if start == pkg {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	var b strings.Builder
	pendingBlank := false
	for _, l := range lines[start:pkg] {
		l = strings.TrimPrefix(strings.TrimSpace(l), "//")
		if isDirective(l) {
			continue
		}
		l = strings.TrimRight(strings.TrimPrefix(l, " "), " \t\r")
		if l == "" {
			pendingBlank = b.Len() > 0 // leading blank lines are dropped
			continue
		}
		if pendingBlank {
			b.WriteByte('\n')
			pendingBlank = false
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// isDirective reports whether the text of a // comment, without the
// slashes, is a directive that CommentGroup.Text drops: "line ", "extern "
// and "export " lines, and a lowercase word, a colon and a lowercase letter
// or digit ("go:generate", "lint:ignore").
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		if b := c[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

func extractFromText(text, name string) (string, error) {
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
