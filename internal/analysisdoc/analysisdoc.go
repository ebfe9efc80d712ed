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
	run := -1 // offset of the first line of the current run of // lines
	for off := 0; off <= len(content); {
		line, _, _ := strings.Cut(content[off:], "\n")
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "//"):
			if run < 0 {
				run = off
			}
		case l == "":
			run = -1
		case strings.HasPrefix(l, "/*"):
			return "", fmt.Errorf("doc.go: block comments are not supported; write the package comment with //")
		case l == "package" || strings.HasPrefix(l, "package ") || strings.HasPrefix(l, "package\t"):
			if run < 0 {
				return "", fmt.Errorf("doc.go has no package comment")
			}
			return commentText(content[run:off]), nil
		default:
			return "", fmt.Errorf("doc.go: unexpected %q before the package clause", l)
		}
		off += len(line) + 1
	}
	return "", fmt.Errorf("doc.go has no package clause")
}

// commentText returns the text of a run of // lines, as
// CommentGroup.Text would.
func commentText(block string) string {
	var b strings.Builder
	b.Grow(len(block))
	pendingBlank := false
	for line := range strings.Lines(block) {
		l := strings.TrimPrefix(strings.TrimSpace(line), "//")
		if isDirective(l) {
			continue
		}
		l = strings.TrimRight(strings.TrimPrefix(l, " "), " \t\r\n")
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
	return b.String()
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
	heading := "# Analyzer " + name
	start := -1 // offset of the line after the heading
	for off := 0; off < len(text); {
		line, _, _ := strings.Cut(text[off:], "\n")
		off += len(line) + 1
		if strings.TrimSpace(line) == heading {
			start = off
			break
		}
	}
	if start < 0 {
		return "", fmt.Errorf("package comment has no %q section", heading)
	}
	section := text[min(start, len(text)):]
	if i := strings.Index(section, "\n# Analyzer "); i >= 0 {
		section = section[:i+1]
	} else if strings.HasPrefix(section, "# Analyzer ") {
		section = ""
	}
	section = strings.TrimLeft(section, "\n") // blank lines are empty: commentText trims them
	summary, body, _ := strings.Cut(section, "\n")
	prefix := name + ": "
	if !strings.HasPrefix(summary, prefix) {
		return "", fmt.Errorf("section %q must start with a line %q", heading, prefix+"<summary>")
	}
	summary = strings.TrimPrefix(summary, prefix)
	if body = strings.TrimSpace(body); body == "" {
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
