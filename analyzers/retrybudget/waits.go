package retrybudget

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// eventKind classifies what the traversal found.
type eventKind uint8

const (
	evNone    eventKind = iota
	evWait              // an uninterruptible timer wait
	evObserve           // the context is observed: ctx.Done(), ctx.Err(), an interruptible helper
	evCall              // a call of a function that may be a helper (resolved by resolveCalls)
)

// waitKind classifies uninterruptible waits.
type waitKind uint8

const (
	waitSleep  waitKind = iota // time.Sleep(d)
	waitAfter                  // <-time.After(d)
	waitTimer                  // <-t.C of a time.Timer
	waitTicker                 // <-ticker.C, <-time.Tick(d), any other chan time.Time
	waitSelect                 // a select whose cases are all timers
	waitHelper                 // a call of a function that sleeps uninterruptibly (fact)
	waitRange                  // range over a ticker channel: the loop header waits
)

// A duration is how long a wait lasts, as far as the analyzer knows.
type duration struct {
	Const   time.Duration // the longest constant wait; 0 if none
	Param   int           // index of the enclosing function's parameter the wait lasts, or -1
	Unknown bool          // some wait lasts a time that is neither constant nor a parameter
}

var unknownDuration = duration{Param: -1, Unknown: true}

// merge combines the durations of two waits of one function.
func merge(a, b duration) duration {
	r := duration{Const: max(a.Const, b.Const), Param: a.Param, Unknown: a.Unknown || b.Unknown}
	switch {
	case a.Param < 0:
		r.Param = b.Param
	case b.Param >= 0 && b.Param != a.Param:
		r.Unknown = true
	}
	return r
}

// An event is one wait, observation or call found in the package.
type event struct {
	kind    eventKind
	wait    waitKind
	node    ast.Node // the call, receive, select or range expression
	cur     inspector.Cursor
	fn      inspector.Cursor // innermost function (declaration or literal)
	loop    inspector.Cursor // innermost loop of fn whose iterations run the event
	inLoop  bool
	dur     duration
	ticker  bool // a ticker-driven wait (tolerated when the loop observes the context)
	done    bool // for evObserve: waits on ctx.Done() (not just ctx.Err())
	callee  *types.Func
	durArg  ast.Expr // for time.Sleep and <-time.After: the duration argument
	timeSel ast.Expr // for time.Sleep: the function expression (time.Sleep)
}

// loopWaits groups the uninterruptible waits of one loop.
type loopWaits struct {
	loop  inspector.Cursor
	fn    inspector.Cursor
	waits []*event
}

// A libCall is a call of a retry library function.
type libCall struct {
	cur  inspector.Cursor
	call *ast.CallExpr
	fn   *types.Func
}

// index holds what one traversal of the package found.
type index struct {
	events   []*event
	byFunc   map[ast.Node][]*event // events per innermost function node
	decls    map[*types.Func]inspector.Cursor
	loops    []*loopWaits
	libCalls []libCall
}

// collect walks the package once and records its waits, observations,
// candidate helper calls and retry library calls.
func (c *checker) collect(in *inspector.Inspector) *index {
	idx := &index{byFunc: make(map[ast.Node][]*event), decls: make(map[*types.Func]inspector.Cursor)}
	info := c.pass.TypesInfo
	filter := []ast.Node{
		(*ast.FuncDecl)(nil), (*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil),
		(*ast.SelectStmt)(nil), (*ast.RangeStmt)(nil),
	}
	for cur := range in.Root().Preorder(filter...) {
		var e *event
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				idx.decls[fn] = cur
			}
			continue
		case *ast.CallExpr:
			e = c.classifyCall(n)
			if e == nil {
				if fn := typematch.CalleeFunc(info, n); fn != nil && isLibFunc(fn) {
					idx.libCalls = append(idx.libCalls, libCall{cur, n, fn})
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && !isCommReceive(cur) && !isTimerDrain(info, cur, n) {
				if k, ticker, ok := c.timerChan(n.X); ok {
					e = &event{kind: evWait, wait: k, ticker: ticker, dur: unknownDuration}
					if k == waitAfter {
						e.durArg = ast.Unparen(n.X).(*ast.CallExpr).Args[0]
					}
				}
			}
		case *ast.SelectStmt:
			e = c.classifySelect(n)
		case *ast.RangeStmt:
			if _, _, ok := c.timerChan(n.X); ok {
				e = &event{kind: evWait, wait: waitRange, ticker: true, dur: unknownDuration}
			}
		}
		if e == nil {
			continue
		}
		e.node, e.cur = cur.Node(), cur
		if !locate(e) {
			continue // deferred or concurrent call, or package level
		}
		if e.durArg != nil {
			e.dur = c.durationOf(e.durArg, e.fn.Node())
		}
		idx.events = append(idx.events, e)
		idx.byFunc[e.fn.Node()] = append(idx.byFunc[e.fn.Node()], e)
	}
	return idx
}

// classifyCall returns the event for a call: time.Sleep, an observation of
// the context, or a call that may reach a helper. It returns nil for calls
// of no interest.
func (c *checker) classifyCall(call *ast.CallExpr) *event {
	info := c.pass.TypesInfo
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Done" || sel.Sel.Name == "Err") &&
		len(call.Args) == 0 && typematch.IsContext(info.TypeOf(sel.X)) {
		if _, isMethod := info.Selections[sel]; isMethod {
			return &event{kind: evObserve, done: sel.Sel.Name == "Done"}
		}
	}
	fn := typematch.CalleeFunc(info, call)
	switch {
	case fn == nil:
		return nil
	case typematch.IsFunctionNamed(fn, "time", "Sleep"):
		if len(call.Args) != 1 {
			return nil
		}
		return &event{kind: evWait, wait: waitSleep, durArg: call.Args[0], timeSel: call.Fun}
	case fn.Pkg() != nil && fn.Pkg().Path() == budgetPath:
		if hasContextArg(info, call) {
			return &event{kind: evObserve, done: true} // the runtime's helpers race ctx.Done()
		}
		return nil
	case fn.Pkg() == nil || isLibFunc(fn):
		return nil
	}
	return &event{kind: evCall, callee: fn}
}

// classifySelect returns a wait event for a select whose cases all receive
// from timers, and nil for any other select.
func (c *checker) classifySelect(s *ast.SelectStmt) *event {
	if len(s.Body.List) == 0 {
		return nil // select {} blocks forever; not a timer wait
	}
	e := &event{kind: evWait, wait: waitSelect, ticker: true, dur: duration{Param: -1}}
	for _, cc := range s.Body.List {
		ch, ok := astutil.ReceivedFrom(cc.(*ast.CommClause).Comm)
		if !ok {
			return nil // default case, send, or a receive that is not a timer
		}
		k, ticker, ok := c.timerChan(ch)
		if !ok {
			return nil // another channel can end the wait
		}
		e.ticker = e.ticker && ticker
		if k == waitAfter {
			e.dur = merge(e.dur, c.durationOf(ast.Unparen(ch).(*ast.CallExpr).Args[0], nil))
		} else {
			e.dur = merge(e.dur, unknownDuration)
		}
	}
	return e
}

// timerChan reports whether x, a channel expression, is a timer's channel:
// any channel of time.Time. It returns the kind of wait a receive from it is
// and whether it is ticker-like (anything but time.After and Timer.C).
func (c *checker) timerChan(x ast.Expr) (waitKind, bool, bool) {
	info := c.pass.TypesInfo
	ch, ok := types.Unalias(info.TypeOf(x)).(*types.Chan)
	if !ok || ch == nil || ch.Dir() == types.SendOnly || !typematch.IsTypeNamed(ch.Elem(), "time", "Time") {
		return 0, false, false
	}
	x = ast.Unparen(x)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 &&
		typematch.IsFunctionNamed(typematch.CalleeFunc(info, call), "time", "After") {
		return waitAfter, false, true
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && typematch.IsField(info.Uses[sel.Sel], "time", "Timer", "C") {
		return waitTimer, false, true
	}
	return waitTicker, true, true
}

// isCommReceive reports whether the receive at cur is the communication of
// a select case (the select is classified as a whole).
func isCommReceive(cur inspector.Cursor) bool {
	p := cur.Parent()
	if _, ok := p.Node().(*ast.ParenExpr); ok {
		p = p.Parent()
	}
	switch p.Node().(type) {
	case *ast.ExprStmt, *ast.AssignStmt:
		cc, ok := p.Parent().Node().(*ast.CommClause)
		return ok && cc.Comm == p.Node()
	}
	return false
}

// locate sets e's function and innermost loop. It returns false for events
// outside any function and inside go and defer statements, which do not
// block the function.
func locate(e *event) bool {
	pos := e.node.Pos()
	if r, ok := e.node.(*ast.RangeStmt); ok {
		e.loop, e.inLoop = e.cur, true
		pos = r.X.Pos()
	}
	filter := []ast.Node{
		(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.ForStmt)(nil),
		(*ast.RangeStmt)(nil), (*ast.GoStmt)(nil), (*ast.DeferStmt)(nil),
	}
	for p := range e.cur.Parent().Enclosing(filter...) {
		switch n := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			e.fn = p
			return true
		case *ast.GoStmt, *ast.DeferStmt:
			if !e.inLoop {
				return false
			}
		case *ast.ForStmt:
			if !e.inLoop && !(n.Init != nil && n.Init.Pos() <= pos && pos < n.Init.End()) {
				e.loop, e.inLoop = p, true
			}
		case *ast.RangeStmt:
			if !e.inLoop && n.Body.Pos() <= pos && pos < n.Body.End() {
				e.loop, e.inLoop = p, true
			}
		}
	}
	return false
}

// durationOf returns how long a wait of d lasts: a constant, a parameter of
// fn (for facts about helpers), or unknown.
func (c *checker) durationOf(d ast.Expr, fn ast.Node) duration {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[d]; ok && tv.Value != nil {
		if v, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact {
			return duration{Const: time.Duration(max(v, 0)), Param: -1}
		}
	}
	if id, ok := ast.Unparen(d).(*ast.Ident); ok && fn != nil {
		if i := paramIndex(info, fn, info.Uses[id]); i >= 0 {
			return duration{Param: i}
		}
	}
	return unknownDuration
}

// paramIndex returns the index of obj among the parameters of the function
// node fn, or -1.
func paramIndex(info *types.Info, fn ast.Node, obj types.Object) int {
	var ft *ast.FuncType
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	if ft == nil || ft.Params == nil || obj == nil {
		return -1
	}
	i := 0
	for _, field := range ft.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, name := range field.Names {
			if info.Defs[name] == obj {
				return i
			}
			i++
		}
	}
	return -1
}

// hasContextArg reports whether a call passes a context.
func hasContextArg(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if typematch.IsContext(info.TypeOf(a)) {
			return true
		}
	}
	return false
}

// resolveCalls turns calls of helpers into waits (helpers that sleep
// uninterruptibly) or observations (helpers that wait on the context), and
// groups the waits of each loop.
func (c *checker) resolveCalls() {
	byLoop := make(map[ast.Node]*loopWaits)
	for _, e := range c.idx.events {
		if e.kind == evCall {
			c.resolveCall(e)
		}
		if e.kind != evWait || !e.inLoop {
			continue
		}
		lw := byLoop[e.loop.Node()]
		if lw == nil {
			lw = &loopWaits{loop: e.loop, fn: e.fn}
			byLoop[e.loop.Node()] = lw
			c.idx.loops = append(c.idx.loops, lw)
		}
		lw.waits = append(lw.waits, e)
	}
}

// resolveCall classifies a call event through the callee's facts.
func (c *checker) resolveCall(e *event) {
	call := e.node.(*ast.CallExpr)
	if s := c.sleeps(e.callee); s != nil {
		e.kind, e.wait = evWait, waitHelper
		e.dur = c.callDuration(s, call, e.fn)
		return
	}
	if c.waitsCtx(e.callee) && c.passesLiveContext(call) {
		e.kind, e.done = evObserve, true
		return
	}
	e.kind = evNone
}

// callDuration returns how long a call of a helper that sleeps waits.
func (c *checker) callDuration(s *sleepsFact, call *ast.CallExpr, fn inspector.Cursor) duration {
	d := duration{Const: s.Const, Param: -1, Unknown: s.Unknown}
	if s.Param >= 0 {
		if s.Param >= len(call.Args) || call.Ellipsis.IsValid() {
			return unknownDuration
		}
		d = merge(d, c.durationOf(call.Args[s.Param], fn.Node()))
	}
	return d
}

// passesLiveContext reports whether a call passes a context that is not a
// root or detached one: a helper given context.Background() cannot be
// interrupted by the caller.
func (c *checker) passesLiveContext(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if !typematch.IsContext(c.pass.TypesInfo.TypeOf(a)) {
			continue
		}
		switch c.origins.Of(a).Kind {
		case ctxorigin.Root, ctxorigin.Detached:
		default:
			return true
		}
	}
	return false
}

// isTimerDrain reports whether the receive recv at cur is the idiom that
// drains a stopped timer, "if !t.Stop() { <-t.C }": Stop returned false, so
// the timer has fired and its value is already (or about to be) in the
// channel; the receive does not wait for a timer to run.
func isTimerDrain(info *types.Info, cur inspector.Cursor, recv *ast.UnaryExpr) bool {
	sel, ok := ast.Unparen(recv.X).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return false
	}
	stmt := cur.Parent()
	if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return false
	}
	ifs, ok := stmt.Parent().Parent().Node().(*ast.IfStmt)
	if !ok || stmt.Parent().Node() != ifs.Body {
		return false
	}
	timer := types.ExprString(sel.X)
	found := false
	ast.Inspect(ifs.Cond, func(n ast.Node) bool {
		not, ok := n.(*ast.UnaryExpr)
		if !ok || not.Op != token.NOT {
			return !found
		}
		call, ok := ast.Unparen(not.X).(*ast.CallExpr)
		if !ok {
			return true
		}
		stop, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if fn := typematch.CalleeFunc(info, call); ok && fn != nil && types.ExprString(stop.X) == timer &&
			typematch.IsMethodNamed(fn, "time", "Timer", "Stop") {
			found = true
		}
		return !found
	})
	return found
}
