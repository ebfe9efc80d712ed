package retrybudget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/fixutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// checkWaits reports the uninterruptible waits of a loop in a function with
// an incoming context.
func (c *checker) checkWaits(lw *loopWaits) {
	params := c.origins.Incoming(lw.loop)
	if len(params) == 0 {
		return // no incoming context: the caller set no deadline to observe
	}
	if isParkLoop(lw) {
		return // for { time.Sleep(d) } blocks forever on purpose: there is no work to stop, nothing to retry
	}
	lc := c.loopGraph(lw)
	if lc == nil {
		return // dead code, or no control-flow graph: cannot tell
	}
	every := -1 // whether the loop observes the context each iteration; computed on demand
	for _, w := range lw.waits {
		if c.rep.Skip(w.node.Pos()) {
			continue // generated file, or test file without -tests
		}
		if !lc.betweenIterations(waitPos(w)) {
			continue // a delay on the way out of the loop: not the loop waiting
		}
		if c.tolerable(w) {
			if every < 0 {
				every = 0
				if lc.observesEachIteration() {
					every = 1
				}
			}
			if every == 1 {
				continue // a short or ticker-paced wait in a loop that checks the context each time
			}
		}
		c.reportWait(w, params[0])
		c.reported[lw.loop.Node()] = true
	}
}

// isParkLoop reports whether the loop of lw is "for { <waits> }": no
// condition and a body of nothing but the loop's uninterruptible waits
// (time.Sleep, a bare timer receive, a helper that sleeps), the idiom that
// blocks a goroutine forever, like select {}. It does no work that the
// context could stop.
func isParkLoop(lw *loopWaits) bool {
	f, ok := lw.loop.Node().(*ast.ForStmt)
	if !ok || f.Cond != nil || f.Init != nil || f.Post != nil || len(f.Body.List) == 0 {
		return false
	}
	waits := make(map[ast.Node]bool, len(lw.waits))
	for _, w := range lw.waits {
		waits[w.node] = true
	}
	for _, st := range f.Body.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok || !waits[ast.Unparen(es.X)] {
			return false
		}
	}
	return true
}

// tolerable reports whether a wait is short enough, or paced by a ticker,
// for a loop that checks the context every iteration to be responsive.
func (c *checker) tolerable(w *event) bool {
	if w.ticker {
		return true
	}
	d := w.dur
	return !d.Unknown && d.Param < 0 && d.Const <= c.slack
}

// reportWait reports one uninterruptible wait, with fixes.
func (c *checker) reportWait(w *event, p ctxorigin.Param) {
	src, err := fixutil.ReadFile(c.pass, w.node.Pos())
	if err != nil {
		return
	}
	text := func(n ast.Node) string { return shorten(fixutil.Source(c.pass.Fset, src, n)) }
	ctx := p.Expr()
	var what, remedy string
	pos, end := w.node.Pos(), w.node.End()
	switch w.wait {
	case waitSleep:
		what, remedy = text(w.timeSel), "select on "+ctx+".Done() and a timer, or use budget.Sleep"
	case waitAfter, waitTimer, waitTicker:
		what, remedy = text(w.node), "select on "+ctx+".Done() and the timer"
	case waitSelect:
		end = pos + token.Pos(len("select"))
		what, remedy = "select on timers only", "add a case for "+ctx+".Done()"
	case waitHelper:
		call := w.node.(*ast.CallExpr)
		what, remedy = text(call.Fun)+", which sleeps,", "pass "+ctx+" to it and select on "+ctx+".Done() there"
	case waitRange:
		x := w.node.(*ast.RangeStmt).X
		pos, end = x.Pos(), x.End()
		c.report(analysis.Diagnostic{
			Pos: pos, End: end, Category: CategoryWait,
			Message: fmt.Sprintf("loop over %s never observes %s: it keeps running after the caller gave up; select on %s.Done() and the ticker",
				text(x), ctx, ctx),
		})
		return
	}
	c.report(analysis.Diagnostic{
		Pos: pos, End: end, Category: CategoryWait,
		Message: fmt.Sprintf("%s in a loop cannot be interrupted by %s: the loop keeps waiting after the caller gave up; %s",
			what, ctx, remedy),
		SuggestedFixes: c.waitFixes(w, p, src),
	})
}

// shorten abbreviates long source text for messages.
func shorten(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// checkRetry reports a loop that retries an operation until it succeeds,
// with no other way out.
func (c *checker) checkRetry(lw *loopWaits) {
	loop := lw.loop.Node()
	if c.rep.Skip(loop.Pos()) {
		return // generated file, or test file without -tests
	}
	errs := c.retriedErrors(loop)
	rangeTicker := false
	switch l := loop.(type) {
	case *ast.ForStmt:
		if l.Cond != nil && !implies(c.pass.TypesInfo, l.Cond, false, errs) {
			return // the condition bounds the loop (a counter, a flag, a deadline)
		}
	case *ast.RangeStmt:
		if lw.waits[0].wait != waitRange || lw.waits[0].node != loop {
			return // ranging over something finite, or a channel that may be closed
		}
		rangeTicker = true
	}
	if c.hasBound(loop) {
		return // an attempt counter, a clock or context check, or another channel
	}
	lc := c.loopGraph(lw)
	if lc == nil {
		return
	}
	lc.rangeTicker = rangeTicker
	if !slices.ContainsFunc(lw.waits, func(w *event) bool { return lc.betweenIterations(waitPos(w)) }) {
		return // the loop only waits on its way out: not a retry with a backoff
	}
	conds := conditions(loop)
	success := func(b *cfg.Block, i int) bool {
		if len(b.Succs) != 2 || len(b.Nodes) == 0 {
			return false
		}
		e, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr)
		return ok && conds[e] && implies(c.pass.TypesInfo, e, i == 0, errs)
	}
	if !lc.exitsOnlyOnSuccess(success) {
		return // another exit (a permanent error, a fatal log), or no exit at all (a periodic loop)
	}
	var kw token.Pos
	switch l := loop.(type) {
	case *ast.ForStmt:
		kw = l.For
	case *ast.RangeStmt:
		kw = l.For
	}
	c.report(analysis.Diagnostic{
		Pos: kw, End: kw + token.Pos(len("for")), Category: CategoryUnbounded,
		Message: "retry loop exits only when the operation succeeds: with no attempt limit, deadline or context check it retries forever against a failing dependency; bound the attempts or the time, or use budget.Retry",
	})
}

// retriedErrors returns the variables of error type that the loop assigns
// from calls: the errors of the operations it retries.
func (c *checker) retriedErrors(loop ast.Node) map[types.Object]bool {
	info := c.pass.TypesInfo
	errs := make(map[types.Object]bool)
	add := func(lhs []ast.Expr, rhs []ast.Expr) {
		if len(rhs) != 1 && len(rhs) != len(lhs) {
			return
		}
		for i, l := range lhs {
			r := rhs[0]
			if len(rhs) == len(lhs) {
				r = rhs[i]
			}
			if _, ok := ast.Unparen(r).(*ast.CallExpr); !ok {
				continue
			}
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			if obj := info.ObjectOf(id); obj != nil && isErrorType(obj.Type()) {
				errs[obj] = true
			}
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			add(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			add(lhs, n.Values)
		}
		return true
	})
	return errs
}

var errorType = types.Universe.Lookup("error").Type()

// isErrorType reports whether t is an interface type that implements error.
func isErrorType(t types.Type) bool {
	return types.IsInterface(t) && types.Implements(t, errorType.Underlying().(*types.Interface))
}

// implies reports whether the condition e evaluating to val implies that one
// of the error variables errs is nil.
func implies(info *types.Info, e ast.Expr, val bool, errs map[types.Object]bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && implies(info, e.X, !val, errs)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if val {
				return implies(info, e.X, true, errs) || implies(info, e.Y, true, errs)
			}
			return implies(info, e.X, false, errs) && implies(info, e.Y, false, errs)
		case token.LOR:
			if val {
				return implies(info, e.X, true, errs) && implies(info, e.Y, true, errs)
			}
			return implies(info, e.X, false, errs) || implies(info, e.Y, false, errs)
		case token.EQL, token.NEQ:
			if !isNilCheck(info, e, errs) {
				return false
			}
			return val == (e.Op == token.EQL)
		}
	}
	return false
}

// isNilCheck reports whether e compares with nil one of errs or the error
// a call returns (for op() != nil).
func isNilCheck(info *types.Info, e *ast.BinaryExpr, errs map[types.Object]bool) bool {
	x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	if !info.Types[y].IsNil() {
		return false
	}
	switch x := x.(type) {
	case *ast.Ident:
		return errs[info.ObjectOf(x)]
	case *ast.CallExpr:
		return isErrorType(info.TypeOf(x))
	}
	return false
}

// conditions returns the expressions of the loop that decide a branch: if
// and for conditions and the cases of tagless switches.
func conditions(loop ast.Node) map[ast.Expr]bool {
	conds := make(map[ast.Expr]bool)
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			conds[n.Cond] = true
		case *ast.ForStmt:
			if n.Cond != nil {
				conds[n.Cond] = true
			}
		case *ast.SwitchStmt:
			if n.Tag == nil {
				for _, cc := range n.Body.List {
					for _, e := range cc.(*ast.CaseClause).List {
						conds[e] = true
					}
				}
			}
		}
		return true
	})
	return conds
}

// hasBound reports whether anything in the loop (function literals
// included) may bound it other than the operation's success: an attempt
// counter compared with something, a clock reading, a context observation,
// a call of the runtime's budget helpers, or a receive from a channel that
// is not a timer (a quit or done channel).
func (c *checker) hasBound(loop ast.Node) bool {
	info := c.pass.TypesInfo
	counters := make(map[types.Object]bool)
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				counters[info.ObjectOf(id)] = true
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok {
					counters[info.ObjectOf(id)] = true
				}
			}
		}
		return true
	})
	bound := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if bound {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
				bound = mentions(info, n, counters)
			}
		case *ast.SwitchStmt:
			bound = n.Tag != nil && mentions(info, n.Tag, counters)
		case *ast.CallExpr:
			bound = c.isBoundCall(n)
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				_, _, timer := c.timerChan(n.X)
				bound = !timer
			}
		case *ast.RangeStmt:
			if n != loop {
				if _, ok := info.TypeOf(n.X).Underlying().(*types.Chan); ok {
					_, _, timer := c.timerChan(n.X)
					bound = !timer
				}
			}
		}
		return !bound
	})
	return bound
}

// isBoundCall reports whether a call observes the context or the clock.
func (c *checker) isBoundCall(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		switch sel.Sel.Name {
		case "Done", "Err", "Deadline":
			if typematch.IsContext(info.TypeOf(sel.X)) {
				return true
			}
		}
	}
	fn := typematch.CalleeFunc(info, call)
	switch {
	case fn == nil:
		return false
	case typematch.IsFunctionNamed(fn, "time", "Now", "Since", "Until"),
		typematch.IsMethodNamed(fn, "time", "Time", "After", "Before", "Sub", "Compare", "Equal"),
		fn.Pkg() != nil && fn.Pkg().Path() == budgetPath:
		return true
	}
	return c.waitsCtx(fn) && c.passesLiveContext(call)
}

// mentions reports whether n refers to one of objs.
func mentions(info *types.Info, n ast.Node, objs map[types.Object]bool) bool {
	if len(objs) == 0 {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}
