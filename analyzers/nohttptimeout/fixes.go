package nohttptimeout

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/internal/fixutil"
)

// timeQual returns the qualifier for package time at n and the edits that
// import it when needed; ok is false when time cannot be referred to there.
func (c *checker) timeQual(n ast.Node) (string, []analysis.TextEdit, []byte, bool) {
	file := fixutil.FileOf(c.pass.Files, n.Pos())
	if file == nil {
		return "", nil, nil, false
	}
	src, ok := c.sources[file]
	if !ok {
		var err error
		if src, err = fixutil.ReadFile(c.pass, n.Pos()); err != nil {
			src = nil
		}
		c.sources[file] = src // read each file once, however many fixes it gets
	}
	if src == nil {
		return "", nil, nil, false
	}
	qual, edits, ok := fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, n.Pos(), "time", "time")
	return qual, edits, src, ok
}

// insertFieldFix adds key: <-default> to the literal lit, or rewrites
// new(T) (lit nil) into &T{key: <-default>}.
func (c *checker) insertFieldFix(n ast.Expr, lit *ast.CompositeLit, key, message string) []analysis.SuggestedFix {
	qual, edits, src, ok := c.timeQual(n)
	if !ok {
		return nil
	}
	value := fixutil.Duration(c.def, qual)
	if lit != nil {
		edit, ok := fixutil.InsertField(c.pass.Fset, src, lit, key, value)
		if !ok {
			return nil // positional literal
		}
		edits = append(edits, edit)
	} else {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil
		}
		typ := fixutil.Source(c.pass.Fset, src, call.Args[0])
		if typ == "" {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte("&" + typ + "{" + key + ": " + value + "}")})
	}
	return []analysis.SuggestedFix{{Message: message, TextEdits: edits}}
}

// serveFix rewrites http.ListenAndServe(addr, h) and friends into the same
// call on an http.Server with ReadHeaderTimeout, as one expression so that
// it fits wherever the call was (log.Fatal(...), err := ..., go ...).
func (c *checker) serveFix(call *ast.CallExpr, fnName string) []analysis.SuggestedFix {
	qual, edits, src, ok := c.timeQual(call)
	if !ok {
		return nil
	}
	httpQual := ""
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		httpQual = fixutil.Source(c.pass.Fset, src, sel.X) + "."
	}
	args := make([]string, len(call.Args))
	for i, a := range call.Args {
		if args[i] = fixutil.Source(c.pass.Fset, src, a); args[i] == "" {
			return nil
		}
	}
	var addr, handler string
	var rest []string
	switch fnName {
	case "ListenAndServe": // (addr, handler)
		addr, handler = args[0], args[1]
	case "ListenAndServeTLS": // (addr, certFile, keyFile, handler)
		addr, handler, rest = args[0], args[3], args[1:3]
	case "Serve": // (l, handler)
		handler, rest = args[1], args[:1]
	case "ServeTLS": // (l, handler, certFile, keyFile)
		handler, rest = args[1], []string{args[0], args[2], args[3]}
	}
	if fnName != "ListenAndServe" && fnName != "Serve" && !allSimple(call.Args) {
		return nil // the rewrite would reorder the evaluation of side effects
	}
	var fields []string
	if addr != "" {
		fields = append(fields, "Addr: "+addr)
	}
	if !isNilIdent(c, call.Args, handler) {
		fields = append(fields, "Handler: "+handler)
	}
	fields = append(fields, "ReadHeaderTimeout: "+fixutil.Duration(c.def, qual))
	text := "(&" + httpQual + "Server{" + strings.Join(fields, ", ") + "})." + fnName + "(" + strings.Join(rest, ", ") + ")"
	edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)})
	return []analysis.SuggestedFix{{Message: "Use an http.Server with ReadHeaderTimeout", TextEdits: edits}}
}

// isNilIdent reports whether the handler argument is the predeclared nil.
func isNilIdent(c *checker, args []ast.Expr, handler string) bool {
	for _, a := range args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && id.Name == handler && c.pass.TypesInfo.Types[a].IsNil() {
			return true
		}
	}
	return false
}

// allSimple reports whether evaluating the expressions has no side effects
// worth ordering: identifiers, literals, selectors and operators on them.
func allSimple(es []ast.Expr) bool {
	for _, e := range es {
		simple := true
		ast.Inspect(e, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.CallExpr, *ast.FuncLit, *ast.UnaryExpr:
				simple = false
			}
			return simple
		})
		if !simple {
			return false
		}
	}
	return true
}

// dialFix rewrites net.Dial(network, addr) into net.DialTimeout(network, addr, <-default>).
func (c *checker) dialFix(call *ast.CallExpr) []analysis.SuggestedFix {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	qual, edits, _, ok := c.timeQual(call)
	if !ok {
		return nil
	}
	edits = append(edits,
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("DialTimeout")},
		analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + fixutil.Duration(c.def, qual))},
	)
	return []analysis.SuggestedFix{{Message: "Use net.DialTimeout", TextEdits: edits}}
}

// unitFix multiplies a bare constant by time.Second.
func (c *checker) unitFix(e ast.Expr) []analysis.SuggestedFix {
	qual, edits, _, ok := c.timeQual(e)
	if !ok {
		return nil
	}
	edits = append(edits, fixutil.MultiplyBySecond(e, qual)...)
	return []analysis.SuggestedFix{{Message: "Multiply by " + qual + "Second", TextEdits: edits}}
}
