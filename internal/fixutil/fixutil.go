// Package fixutil builds the text edits that timeoutlint's suggested fixes
// share: qualifying an identifier of an imported package (adding the import
// when missing), formatting durations as Go source, and inserting a field
// into a composite literal without disturbing its formatting.
package fixutil

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Qualifier returns the qualifier to write before a member of the package
// with the given path at pos in file ("time." or "" for a dot import), and
// the edits that add the import when the file lacks it. ok is false when the
// package's name is shadowed at pos or cannot be imported without a
// conflict; callers then offer no fix.
func Qualifier(info *types.Info, pkg *types.Package, file *ast.File, pos token.Pos, path, name string) (qual string, edits []analysis.TextEdit, ok bool) {
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != path {
			continue
		}
		local := name
		if imp.Name != nil {
			local = imp.Name.Name
		}
		switch local {
		case "_":
			continue
		case ".":
			return "", nil, true
		}
		// The import's name must still refer to the package at pos.
		scope := innermostScope(info, pkg, file, pos)
		if _, obj := scope.LookupParent(local, pos); obj != nil {
			if pn, ok := obj.(*types.PkgName); ok && pn.Imported().Path() == path {
				return local + ".", nil, true
			}
		}
		return "", nil, false
	}
	// Not imported: the name must be free at pos and in the file scope.
	scope := innermostScope(info, pkg, file, pos)
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		return "", nil, false
	}
	return name + ".", []analysis.TextEdit{addImport(file, path)}, true
}

func innermostScope(info *types.Info, pkg *types.Package, file *ast.File, pos token.Pos) *types.Scope {
	fileScope := info.Scopes[file]
	if fileScope == nil {
		return pkg.Scope()
	}
	if s := fileScope.Innermost(pos); s != nil {
		return s
	}
	return fileScope
}

// addImport returns the edit that adds an import of path to file, in sorted
// position within the first import block when there is one.
func addImport(file *ast.File, path string) analysis.TextEdit {
	quoted := strconv.Quote(path)
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if !gd.Lparen.IsValid() {
			// import "x" → add a second import declaration after it.
			return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + quoted)}
		}
		std := isStd(path)
		var lastOfGroup ast.Spec // the last import of path's group (standard or not)
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			if isStd(p) != std {
				continue
			}
			if p > path {
				at := is.Pos()
				if is.Doc != nil {
					at = is.Doc.Pos()
				}
				return analysis.TextEdit{Pos: at, End: at, NewText: []byte(quoted + "\n\t")}
			}
			lastOfGroup = spec
		}
		if lastOfGroup != nil {
			return analysis.TextEdit{Pos: lastOfGroup.End(), End: lastOfGroup.End(), NewText: []byte("\n\t" + quoted)}
		}
		// No import of the same kind yet: start a new group at the end (a
		// non-standard import after the standard ones) or at the top.
		if std {
			first := gd.Specs[0]
			return analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte(quoted + "\n\n\t")}
		}
		last := gd.Specs[len(gd.Specs)-1]
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\n\n\t" + quoted)}
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + quoted)}
}

// isStd reports whether an import path belongs to the standard library (no
// dot in its first element).
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// Duration formats d as Go source using the largest time unit that divides
// it evenly, e.g. "10 * time.Second" or "time.Minute"; qual is the time
// package qualifier ("time." or "").
func Duration(d time.Duration, qual string) string {
	units := []struct {
		d    time.Duration
		name string
	}{
		{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"},
		{time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}, {time.Nanosecond, "Nanosecond"},
	}
	for _, u := range units {
		if d%u.d == 0 {
			n := d / u.d
			if n == 1 {
				return qual + u.name
			}
			return fmt.Sprintf("%d * %s%s", n, qual, u.name)
		}
	}
	panic("unreachable")
}

// InsertField returns the edit that adds "key: value" to the keyed
// composite literal lit, after its last element, matching the literal's
// layout: on one line, or on a new line with the last element's indentation.
// src is the content of the file holding lit. ok is false for literals with
// unkeyed elements.
func InsertField(fset *token.FileSet, src []byte, lit *ast.CompositeLit, key, value string) (analysis.TextEdit, bool) {
	field := key + ": " + value
	if len(lit.Elts) == 0 {
		return analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(field)}, true
	}
	for _, e := range lit.Elts {
		if _, ok := e.(*ast.KeyValueExpr); !ok {
			return analysis.TextEdit{}, false
		}
	}
	last := lit.Elts[len(lit.Elts)-1]
	lastLine := fset.Position(last.End()).Line
	if fset.Position(lit.Rbrace).Line == lastLine {
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + field)}, true
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(",\n" + LineIndent(fset, src, last.Pos()) + field)}, true
}

// LineIndent returns the leading white space of the line holding pos in
// the file content src.
func LineIndent(fset *token.FileSet, src []byte, pos token.Pos) string {
	p := fset.Position(pos)
	start := p.Offset - (p.Column - 1)
	if start < 0 || p.Offset > len(src) {
		return "\t"
	}
	line := src[start:p.Offset]
	return string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
}

// Source returns the source text of node n from the file content src.
func Source(fset *token.FileSet, src []byte, n ast.Node) string {
	start, end := fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset
	if start < 0 || end > len(src) || start > end {
		return ""
	}
	return string(src[start:end])
}

// FileOf returns the file of files that contains pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// ReadFile returns the content of the file holding pos, read through the
// pass so that drivers with overlays see the same text.
func ReadFile(pass *analysis.Pass, pos token.Pos) ([]byte, error) {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return nil, fmt.Errorf("no file for position")
	}
	return pass.ReadFile(tf.Name())
}

// MultiplyBySecond returns the edits that turn the bare constant e into
// e * <qual>Second, parenthesizing e when it is a binary expression.
func MultiplyBySecond(e ast.Expr, qual string) []analysis.TextEdit {
	var edits []analysis.TextEdit
	if _, isBinary := ast.Unparen(e).(*ast.BinaryExpr); isBinary {
		edits = append(edits,
			analysis.TextEdit{Pos: e.Pos(), End: e.Pos(), NewText: []byte("(")},
			analysis.TextEdit{Pos: e.End(), End: e.End(), NewText: []byte(")")})
	}
	return append(edits, analysis.TextEdit{Pos: e.End(), End: e.End(), NewText: []byte(" * " + qual + "Second")})
}
