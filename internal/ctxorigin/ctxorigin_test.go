package ctxorigin_test

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/lazyinspect"
	"github.com/timeoutlint/timeoutlint/internal/testutil"
)

// probe reports, at each call of a function named probe, the origin of its
// first argument, the call's placement and the visible incoming contexts:
// "<kind>[ cancelable][ parent=<kind>] <placement> incoming=<names>".
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report context origins at probe calls",
	Requires: []*analysis.Analyzer{lazyinspect.Analyzer, ctxorigin.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[ctxorigin.Analyzer].(*ctxorigin.Result)
		in := lazyinspect.Of(pass)
		for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" || len(call.Args) != 1 {
				continue
			}
			o := res.Of(call.Args[0])
			msg := o.Kind.String()
			if o.Cancelable {
				msg += " cancelable"
			}
			if o.Parent != nil {
				msg += " parent=" + o.Parent.Kind.String()
			}
			if o.HasDeadline() != (o.Kind == ctxorigin.Deadline) {
				msg += " HasDeadline-mismatch"
			}
			if (o.RootCall() != nil) != (o.Kind == ctxorigin.Root || o.Parent != nil && o.Parent.Kind == ctxorigin.Root) {
				msg += " RootCall-mismatch"
			}
			msg += " " + ctxorigin.PlacementOf(pass.TypesInfo, cur).String()
			var names []string
			for _, p := range res.Incoming(cur) {
				names = append(names, p.Expr())
			}
			if res.HasIncoming(cur) != (len(names) > 0) {
				msg += " HasIncoming-mismatch"
			}
			msg += " incoming=" + strings.Join(names, ",")
			pass.Reportf(call.Pos(), "%s", msg)
		}
		return nil, nil
	},
}

func TestOrigins(t *testing.T) {
	analysistest.Run(t, testutil.TestData(), probe, "ctxorigin/a")
}
