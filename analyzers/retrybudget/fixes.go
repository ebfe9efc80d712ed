package retrybudget

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/fixutil"
)

// Messages of the suggested fixes (stable: golden files name them).
const (
	fixSelectMsg = "Wait in a select that also watches the context"
	fixBudgetMsg = "Wait with budget.Sleep, which returns when the context ends"
)

// waitFixes returns the fixes for an uninterruptible wait: a select on the
// context's Done channel and the timer and, for time.Sleep and
// <-time.After, budget.Sleep. The context's error is returned in the shape
// of the function's results; there is no fix when they have no error last.
func (c *checker) waitFixes(w *event, p ctxorigin.Param, src []byte) []analysis.SuggestedFix {
	file := fixutil.FileOf(c.pass.Files, w.node.Pos())
	if file == nil || !c.visible(file, p.Var, w.node.Pos()) {
		return nil // the context's name is shadowed here
	}
	ctx := p.Expr()
	zeros, ok := c.zeroResults(w.fn, file)
	if !ok {
		return nil // the function cannot return the context's error
	}
	ret := func(err string) string {
		if zeros == nil {
			return "return"
		}
		return "return " + strings.Join(append(zeros, err), ", ")
	}
	ind := fixutil.LineIndent(c.pass.Fset, src, w.node.Pos())
	if w.wait == waitSelect {
		at := w.node.(*ast.SelectStmt).Body.List[0].Pos()
		text := "case <-" + ctx + ".Done():\n" + ind + "\t" + ret(ctx+".Err()") + "\n" + ind
		return []analysis.SuggestedFix{{Message: fixSelectMsg, TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}}}
	}
	stmt, ok := w.cur.Parent().Node().(*ast.ExprStmt)
	if !ok {
		return nil // the wait's value is used
	}
	var ch, dur string
	var chEdits []analysis.TextEdit
	switch w.wait {
	case waitSleep:
		qual, edits, ok := fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, stmt.Pos(), "time", "time")
		if !ok {
			return nil
		}
		dur = fixutil.Source(c.pass.Fset, src, w.durArg)
		ch, chEdits = qual+"After("+dur+")", edits
	case waitAfter:
		dur = fixutil.Source(c.pass.Fset, src, w.durArg)
		ch = fixutil.Source(c.pass.Fset, src, w.node.(*ast.UnaryExpr).X)
	case waitTimer, waitTicker:
		ch = fixutil.Source(c.pass.Fset, src, w.node.(*ast.UnaryExpr).X)
	default:
		return nil
	}
	if ch == "" {
		return nil
	}
	sel := "select {\n" + ind + "case <-" + ctx + ".Done():\n" + ind + "\t" + ret(ctx+".Err()") + "\n" + ind + "case <-" + ch + ":\n" + ind + "}"
	fixes := []analysis.SuggestedFix{{
		Message:   fixSelectMsg,
		TextEdits: append(chEdits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(sel)}),
	}}
	if dur == "" {
		return fixes
	}
	qual, edits, ok := fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, stmt.Pos(), budgetPath, "budget")
	if !ok {
		return fixes
	}
	call := qual + "Sleep(" + ctx + ", " + dur + ")"
	var text string
	if zeros == nil {
		text = "if " + call + " != nil {\n" + ind + "\treturn\n" + ind + "}"
	} else {
		text = "if err := " + call + "; err != nil {\n" + ind + "\t" + ret("err") + "\n" + ind + "}"
	}
	return append(fixes, analysis.SuggestedFix{
		Message:   fixBudgetMsg,
		TextEdits: append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(text)}),
	})
}

// visible reports whether v is what its name refers to at pos.
func (c *checker) visible(file *ast.File, v *types.Var, pos token.Pos) bool {
	scope := c.pass.TypesInfo.Scopes[file]
	if scope == nil {
		return false
	}
	if s := scope.Innermost(pos); s != nil {
		scope = s
	}
	_, obj := scope.LookupParent(v.Name(), pos)
	return obj == v
}

// zeroResults returns the zero values of the results of fn but the last,
// which must be an error: nil for a function without results. ok is false
// when fn cannot return an error or a zero value cannot be written.
func (c *checker) zeroResults(fn inspector.Cursor, file *ast.File) (zeros []string, ok bool) {
	info := c.pass.TypesInfo
	var sig *types.Signature
	switch n := fn.Node().(type) {
	case *ast.FuncDecl:
		if f, ok := info.Defs[n.Name].(*types.Func); ok {
			sig, _ = f.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(n).(*types.Signature)
	}
	if sig == nil {
		return nil, false
	}
	res := sig.Results()
	if res.Len() == 0 {
		return nil, true
	}
	if !types.Identical(res.At(res.Len()-1).Type(), errorType) {
		return nil, false
	}
	names := importNames(file)
	zeros = []string{}
	for i := range res.Len() - 1 {
		z, ok := zeroValue(res.At(i).Type(), c.pass.Pkg, names)
		if !ok {
			return nil, false
		}
		zeros = append(zeros, z)
	}
	return zeros, true
}

// importNames maps the paths a file imports to the names it uses for them
// ("" for a dot import).
func importNames(file *ast.File) map[string]string {
	names := make(map[string]string)
	for _, imp := range file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		switch {
		case imp.Name == nil:
			names[path] = path[strings.LastIndex(path, "/")+1:]
		case imp.Name.Name == ".":
			names[path] = ""
		case imp.Name.Name != "_":
			names[path] = imp.Name.Name
		}
	}
	return names
}

// zeroValue returns Go source for the zero value of t in package pkg, whose
// file imports names; ok is false when a type cannot be named there.
func zeroValue(t types.Type, pkg *types.Package, names map[string]string) (string, bool) {
	ok := true
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		name, found := names[p.Path()]
		if !found {
			ok = false
		}
		return name
	}
	if tp, isParam := types.Unalias(t).(*types.TypeParam); isParam {
		return "*new(" + types.TypeString(tp, qual) + ")", ok
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		s := types.TypeString(t, qual)
		return s + "{}", ok
	}
	return "", false
}
