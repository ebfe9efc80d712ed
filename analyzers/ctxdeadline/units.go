package ctxdeadline

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/timeoutlint/timeoutlint/internal/fixutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// checkUnit reports context.WithTimeout(ctx, 5) and
// context.WithDeadline(ctx, time.Now().Add(5)): a bare number is
// nanoseconds, so the context expires at once.
func (c *checker) checkUnit(call *ast.CallExpr, fn *types.Func) {
	if len(call.Args) < 2 {
		return
	}
	switch {
	case typematch.IsFunctionNamed(fn, "context", "WithTimeout", "WithTimeoutCause"):
		c.checkDuration(call.Args[1], "context."+fn.Name()+" timeout")
	case typematch.IsFunctionNamed(fn, "context", "WithDeadline", "WithDeadlineCause"):
		add, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr)
		if !ok || len(add.Args) != 1 || !typematch.IsMethodNamed(typematch.CalleeFunc(c.pass.TypesInfo, add), "time", "Time", "Add") {
			return
		}
		c.checkDuration(add.Args[0], "context."+fn.Name()+" deadline offset")
	}
}

// checkDuration reports e when it is a constant built only from untyped
// constants whose value is between one nanosecond and one millisecond.
func (c *checker) checkDuration(e ast.Expr, label string) {
	info := c.pass.TypesInfo
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	if !exact || v <= 0 || v >= int64(time.Millisecond) || !typematch.IsUntypedConstExpr(info, e) {
		return // zero and negative values expire at once on purpose; typed values chose their unit
	}
	d := analysis.Diagnostic{
		Pos: e.Pos(), End: e.End(), Category: CategoryUnit,
		Message: fmt.Sprintf("%s of untyped %d is %v, so the context expires at once; multiply by a time unit such as time.Second",
			label, v, time.Duration(v)),
	}
	d.SuggestedFixes = c.unitFix(e)
	c.report(d)
}

// unitFix multiplies e by time.Second, importing time when needed.
func (c *checker) unitFix(e ast.Expr) []analysis.SuggestedFix {
	file := fixutil.FileOf(c.pass.Files, e.Pos())
	if file == nil {
		return nil
	}
	qual, edits, ok := fixutil.Qualifier(c.pass.TypesInfo, c.pass.Pkg, file, e.Pos(), "time", "time")
	if !ok {
		return nil
	}
	edits = append(edits, fixutil.MultiplyBySecond(e, qual)...)
	return []analysis.SuggestedFix{{Message: "Multiply by " + qual + "Second", TextEdits: edits}}
}
