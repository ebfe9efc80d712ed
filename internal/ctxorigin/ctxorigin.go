// Package ctxorigin is an internal analyzer that answers, for a
// context.Context (or *http.Request) expression inside a function, where its
// context came from: the function's incoming context, a root context
// (context.Background or TODO, possibly through value-only or cancel-only
// wrappers), a context with its own deadline (WithTimeout, WithDeadline and
// their Cause variants), or a deliberately detached one (WithoutCancel).
//
// It runs once per package and is shared by ctxdeadline, nohttptimeout,
// retrybudget and grpcdeadline through its *Result.
//
// # Mechanism
//
// The analysis is syntactic and typed, not SSA: every local variable of
// context or *http.Request type is resolved through all the assignments to
// it in the package (definitions, assignments, tuple assignments from calls
// such as context.WithTimeout), combined flow-insensitively. A variable whose
// assignments disagree, whose address is taken, or that is assigned from
// something unknown (a call of an arbitrary function, a struct field, a
// package variable) has an Unknown origin, and analyzers stay quiet on
// Unknown. This answers the questions the analyzers ask ("is this a
// Background() that reaches a call?", "does this request carry a deadline set
// in this function?") at the cost of one pass over the package's
// assignments, where building SSA for every function would cost an order of
// magnitude more for the same answers on the patterns that matter.
//
// Why not SSA: the questions are about local def-use chains of one type of
// value (contexts and requests) plus a few syntactic placements (defer, go,
// after <-ctx.Done()), which the typed AST answers directly with positions
// that map back to the source the fixes edit. SSA would add a whole-package
// IR build (the dominant cost of SSA linters in golangci-lint profiles) and
// would lose the defer/go/select shapes that the placements need.
//
// # Incoming context
//
// A function has an incoming context when a named, non-blank parameter has a
// type that is context.Context or implements it, or is *http.Request (its
// Context()). Function literals also see the incoming contexts of the
// functions they are nested in, up to the first function that declares a
// context parameter of its own, named or not (a literal
// func(context.Context, string) {...} gets its context from its caller and
// ignores it on purpose). main, init and test functions have none (they
// have no such parameters).
//
// # API
//
//   - [Result.Of] classifies a context or *http.Request expression: Unknown,
//     Incoming, Root (Background/TODO, or http.NewRequest), Deadline
//     (WithTimeout/WithDeadline and Cause variants, with the Parent's
//     origin) or Detached (WithoutCancel). Value-only and cancel-only
//     wrappers ([IsWrapper]: WithValue, WithCancel, signal.NotifyContext,
//     gRPC metadata, errgroup.WithContext, tracing spans) pass their
//     argument's origin through; Origin.Cancelable records an explicit
//     cancel-only wrapper (a lifecycle context). Analyzers stay quiet on
//     Unknown.
//   - [Result.Incoming] and [Result.HasIncoming] give the incoming contexts
//     visible at a cursor; [Param.Expr] is the text a fix writes ("ctx",
//     "r.Context()").
//   - [PlacementOf] says whether code runs inline, in a deferred call, in a
//     goroutine, or only after a context is done (graceful shutdown).
package ctxorigin

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/lazyinspect"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// Analyzer computes the context origins of a package; its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "ctxorigin",
	Doc:        "find where context values come from, for the timeoutlint analyzers",
	URL:        "https://github.com/timeoutlint/timeoutlint",
	Run:        run,
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
}

// Kind classifies the origin of a context.
type Kind uint8

// The origins of a context.
const (
	Unknown  Kind = iota // cannot tell: analyzers stay quiet
	Incoming             // the enclosing function's incoming context (the caller owns the bound)
	Root                 // Background/TODO (or a request built without a context): no deadline
	Deadline             // has its own WithTimeout/WithDeadline
	Detached             // context.WithoutCancel: values kept, cancellation and deadline dropped on purpose
	pending              // internal: under evaluation (a self-referencing assignment)
)

func (k Kind) String() string {
	switch k {
	case Incoming:
		return "incoming"
	case Root:
		return "root"
	case Deadline:
		return "deadline"
	case Detached:
		return "detached"
	}
	return "unknown"
}

// Origin describes where a context came from.
type Origin struct {
	Kind Kind
	// Call is the call that created the context: the Background()/TODO()
	// (or http.NewRequest) call for Root, the WithTimeout/WithDeadline call
	// for Deadline, the WithoutCancel call for Detached. Nil otherwise.
	Call *ast.CallExpr
	// Parent is the origin of the parent context for Deadline and Detached.
	Parent *Origin
	// Cancelable is set when the chain from the root passes through an
	// explicit cancel-only wrapper (context.WithCancel, WithCancelCause,
	// signal.NotifyContext): the code owns the context's lifetime, as for a
	// long-lived component, rather than dropping a deadline by accident.
	Cancelable bool
}

// HasDeadline reports whether the context has a deadline set in the
// analyzed function (WithTimeout, WithDeadline and their Cause variants).
func (o Origin) HasDeadline() bool { return o.Kind == Deadline }

// Bounded reports whether a call made with this context is bounded by a
// deadline, or by a caller that owns the bound (the incoming context).
func (o Origin) Bounded() bool { return o.Kind == Incoming || o.Kind == Deadline }

// RootCall returns the Background()/TODO() call at the root of the chain, or nil.
func (o Origin) RootCall() *ast.CallExpr {
	for p := &o; p != nil; p = p.Parent {
		if p.Kind == Root {
			return p.Call
		}
		if p.Kind != Deadline && p.Kind != Detached {
			return nil
		}
	}
	return nil
}

// Param is an incoming context of a function: a parameter of context type,
// or an *http.Request whose Context() is the incoming context.
type Param struct {
	Var       *types.Var
	IsRequest bool // *http.Request: use Var.Name() + ".Context()"
}

// Expr returns the source text of an expression for this incoming context.
func (p Param) Expr() string {
	if p.IsRequest {
		return p.Var.Name() + ".Context()"
	}
	return p.Var.Name()
}

// Result answers origin questions for one package. The package is indexed on
// the first question, so analyzers that take a fast path cost nothing.
// Several analyzers of one package may ask at once (drivers run them in
// parallel): Result is safe for concurrent use.
type Result struct {
	mu      sync.Mutex
	indexed bool
	info    *types.Info
	inspect *lazyinspect.Result // the inspector, built on first use
	// assigns maps each tracked local variable (context or *http.Request
	// type) to the expressions assigned to it. A nil entry in the slice means
	// an assignment the analysis cannot follow.
	assigns map[*types.Var][]assign
	memo    map[*ast.Ident]Origin
	busy    map[*ast.Ident]bool // variable uses under evaluation (cycles through loops)
	cycles  int                 // number of cycles met, to know which answers are complete
	// incoming maps function nodes (*ast.FuncDecl, *ast.FuncLit) to their own
	// incoming context parameters.
	incoming map[ast.Node][]Param
	// params holds every incoming-context parameter variable, mapped to its function.
	params map[*types.Var]inspector.Cursor
	// declares holds the functions that declare a parameter of context or
	// *http.Request type, named, blank or unnamed: such a function gets its
	// context from its own caller, not from the functions it is nested in.
	declares map[ast.Node]bool
}

// An assign is one value assigned to a tracked variable: expr, or result
// index of a multi-value call expr, by the statement at stmt.
type assign struct {
	expr   ast.Expr // nil: untrackable (zero value, range, address taken)
	index  int      // result index when expr is a multi-value call
	stmt   inspector.Cursor
	always bool // relevant to every use (the variable's address is taken)
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		info:     pass.TypesInfo,
		inspect:  pass.ResultOf[lazyinspect.Analyzer].(*lazyinspect.Result),
		assigns:  make(map[*types.Var][]assign),
		memo:     make(map[*ast.Ident]Origin),
		busy:     make(map[*ast.Ident]bool),
		incoming: make(map[ast.Node][]Param),
		params:   make(map[*types.Var]inspector.Cursor),
		declares: make(map[ast.Node]bool),
	}
	return r, nil
}

// lock takes the Result's lock, indexing the package on first use. The
// caller must unlock r.mu.
func (r *Result) lock() {
	r.mu.Lock()
	if !r.indexed {
		r.indexed = true
		r.index()
	}
}

func (r *Result) tracked(obj types.Object) (*types.Var, bool) {
	v, ok := obj.(*types.Var)
	if !ok || v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, false
	}
	t := v.Type()
	return v, typematch.IsContext(t) || typematch.IsHTTPRequestPtr(t)
}

// index walks the package once, recording function parameters and every
// assignment to a tracked variable.
func (r *Result) index() {
	filter := []ast.Node{
		(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.AssignStmt)(nil),
		(*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil),
	}
	for cur := range r.inspect.Inspector().Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			r.addParams(cur, n.Type)
		case *ast.FuncLit:
			r.addParams(cur, n.Type)
		case *ast.AssignStmt:
			r.addAssign(cur, n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			stmt := cur.Parent().Parent() // GenDecl, then DeclStmt
			if _, ok := stmt.Node().(*ast.DeclStmt); !ok {
				continue // package level: not tracked
			}
			if len(n.Values) == 0 {
				for _, id := range n.Names {
					if v, ok := r.tracked(r.info.Defs[id]); ok {
						r.assigns[v] = append(r.assigns[v], assign{stmt: stmt}) // a nil context
					}
				}
				continue
			}
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			r.addAssign(stmt, lhs, n.Values)
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				r.untrack(cur, e, false)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				r.untrack(cur, n.X, true) // &ctx: written through a pointer somewhere
			}
		}
	}
}

func (r *Result) addParams(fn inspector.Cursor, ft *ast.FuncType) {
	if ft.Params == nil {
		return
	}
	for _, field := range ft.Params.List {
		if t := r.info.TypeOf(field.Type); typematch.IsContext(t) || typematch.IsHTTPRequestPtr(t) {
			r.declares[fn.Node()] = true
		}
		for _, name := range field.Names {
			v, ok := r.info.Defs[name].(*types.Var)
			if !ok || name.Name == "_" {
				continue // a blank context parameter is deliberately unusable
			}
			p := Param{Var: v}
			switch {
			case typematch.IsContext(v.Type()):
			case typematch.IsHTTPRequestPtr(v.Type()):
				p.IsRequest = true
			default:
				continue
			}
			r.incoming[fn.Node()] = append(r.incoming[fn.Node()], p)
			r.params[v] = fn
		}
	}
}

func (r *Result) untrack(stmt inspector.Cursor, e ast.Expr, always bool) {
	if e == nil {
		return
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := r.tracked(r.info.ObjectOf(id)); ok {
		r.assigns[v] = append(r.assigns[v], assign{stmt: stmt, always: always})
	}
}

func (r *Result) addAssign(stmt inspector.Cursor, lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := r.tracked(r.info.ObjectOf(id))
		if !ok {
			continue
		}
		switch {
		case len(lhs) == len(rhs):
			r.assigns[v] = append(r.assigns[v], assign{expr: rhs[i], stmt: stmt})
		case len(rhs) == 1:
			r.assigns[v] = append(r.assigns[v], assign{expr: rhs[0], index: i, stmt: stmt})
		default:
			r.assigns[v] = append(r.assigns[v], assign{stmt: stmt})
		}
	}
}

// Incoming returns the incoming contexts visible in the function whose body
// holds cur: the innermost function's own parameters first, then those of
// the functions it is nested in, up to the first function that declares a
// context parameter of its own (named or not: a literal such as
// func(context.Context, string) {...} gets its context from its caller and
// ignores it on purpose). It returns nil when there are none.
func (r *Result) Incoming(cur inspector.Cursor) []Param {
	r.lock()
	defer r.mu.Unlock()
	var ps []Param
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ps = append(ps, r.incoming[c.Node()]...)
		if r.declares[c.Node()] {
			break
		}
	}
	return ps
}

// HasIncoming reports whether Incoming(cur) is not empty, without
// allocating.
func (r *Result) HasIncoming(cur inspector.Cursor) bool {
	r.lock()
	defer r.mu.Unlock()
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if len(r.incoming[c.Node()]) > 0 {
			return true
		}
		if r.declares[c.Node()] {
			return false
		}
	}
	return false
}

// IsIncomingParam reports whether v is an incoming-context parameter.
func (r *Result) IsIncomingParam(v *types.Var) bool {
	r.lock()
	defer r.mu.Unlock()
	_, ok := r.params[v]
	return ok
}

// Of returns the origin of e, an expression of context or *http.Request
// type (for a request: the origin of its context).
func (r *Result) Of(e ast.Expr) Origin {
	r.lock()
	defer r.mu.Unlock()
	clear(r.busy)
	o := r.of(e, 0)
	if o.Kind == pending {
		o.Kind = Unknown
	}
	return o
}

const maxDepth = 32

func (r *Result) of(e ast.Expr, depth int) Origin {
	if depth > maxDepth {
		return Origin{}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return r.ofVar(e, depth)
	case *ast.CallExpr:
		return r.ofCall(e, 0, depth)
	}
	return Origin{}
}

// ofVar returns the origin of the variable use id: the combination of the
// assignments that reach it. The last assignment before the use whose
// statement list encloses the use (it dominates the use, barring goto)
// hides the earlier ones; assignments in nested blocks after it, and
// assignments later in an enclosing loop, are combined with it.
func (r *Result) ofVar(id *ast.Ident, depth int) Origin {
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok {
		return Origin{}
	}
	fn, isParam := r.params[v]
	if _, ok := r.tracked(v); !ok && !isParam {
		return Origin{}
	}
	if o, ok := r.memo[id]; ok {
		return o
	}
	if r.busy[id] {
		r.cycles++
		return Origin{Kind: pending}
	}
	cycles := r.cycles
	r.busy[id] = true
	defer delete(r.busy, id)

	use := id.Pos()
	var reaching []assign
	var dom token.Pos // end of the dominating assignment, if any
	if isParam && fn.Node().Pos() < use && use < fn.Node().End() {
		dom = fn.Node().Pos()
	}
	for _, a := range r.assigns[v] {
		s := a.stmt.Node()
		switch {
		case a.always:
			reaching = append(reaching, a)
		case s.End() <= use:
			reaching = append(reaching, a)
			if s.End() > dom && dominates(a.stmt, use) {
				dom = s.End()
			}
		case inSameLoop(a.stmt, use):
			reaching = append(reaching, a) // flows back around the loop
		}
	}
	res := Origin{Kind: pending}
	if isParam && dom == fn.Node().Pos() {
		res = Origin{Kind: Incoming}
	}
	for _, a := range reaching {
		if !a.always && a.stmt.Node().End() <= use && a.stmt.Node().End() < dom {
			continue // hidden by the dominating assignment
		}
		if a.expr == nil {
			res = Origin{}
			break
		}
		var o Origin
		if call, ok := ast.Unparen(a.expr).(*ast.CallExpr); ok {
			o = r.ofCall(call, a.index, depth+1)
		} else if a.index == 0 {
			o = r.of(a.expr, depth+1)
		}
		res = combine(res, o)
		if res.Kind == Unknown {
			break
		}
	}
	if r.cycles == cycles {
		r.memo[id] = res // complete: no assignment was cut short by a cycle
	}
	return res
}

// dominates reports whether the statement at stmt is an element of a
// statement list (block or case body) that encloses pos, so that it runs
// before any code at pos that follows it.
func dominates(stmt inspector.Cursor, pos token.Pos) bool {
	switch p := stmt.Parent().Node().(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return p.Pos() <= pos && pos < p.End()
	}
	return false
}

// inSameLoop reports whether a loop encloses both the statement and pos.
func inSameLoop(stmt inspector.Cursor, pos token.Pos) bool {
	for c := range stmt.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= pos && pos < n.End() {
				return true
			}
		default:
			return false
		}
	}
	return false
}

// combine merges the origins of two assignments to one variable.
func combine(a, b Origin) Origin {
	switch {
	case a.Kind == pending:
		return b
	case b.Kind == pending:
		return a
	case a.Kind == b.Kind:
		if a.Call == b.Call && a.Cancelable == b.Cancelable {
			return a
		}
		// Same kind, several creation sites.
		return Origin{Kind: a.Kind, Parent: a.Parent, Cancelable: a.Cancelable && b.Cancelable}
	case a.Bounded() && b.Bounded():
		// The incoming context, sometimes narrowed by a local deadline:
		// bounded either way, and owned by the caller at worst.
		return Origin{Kind: Incoming}
	}
	return Origin{}
}

// ofCall returns the origin of result index of call.
func (r *Result) ofCall(call *ast.CallExpr, index int, depth int) Origin {
	fn := typematch.CalleeFunc(r.info, call)
	if fn == nil {
		return Origin{}
	}
	switch {
	case typematch.IsFunctionNamed(fn, "context", "Background", "TODO"):
		return Origin{Kind: Root, Call: call}
	case typematch.IsFunctionNamed(fn, "context", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause"):
		if index != 0 || len(call.Args) == 0 {
			return Origin{}
		}
		parent := r.of(call.Args[0], depth+1)
		return Origin{Kind: Deadline, Call: call, Parent: &parent}
	case typematch.IsFunctionNamed(fn, "context", "WithoutCancel"):
		if len(call.Args) != 1 {
			return Origin{}
		}
		parent := r.of(call.Args[0], depth+1)
		return Origin{Kind: Detached, Call: call, Parent: &parent}
	case wrapperIndex(fn) >= 0:
		if index != wrapperIndex(fn) || len(call.Args) == 0 {
			return Origin{}
		}
		o := r.of(call.Args[0], depth+1)
		if isCancelWrapper(fn) {
			o.Cancelable = true
		}
		return o
	case typematch.IsMethodNamed(fn, "net/http", "Request", "Context"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return r.of(sel.X, depth+1)
		}
	case typematch.IsFunctionNamed(fn, "net/http", "NewRequestWithContext"):
		if index == 0 && len(call.Args) > 0 {
			return r.of(call.Args[0], depth+1)
		}
	case typematch.IsFunctionNamed(fn, "net/http", "NewRequest"):
		if index == 0 {
			return Origin{Kind: Root, Call: call}
		}
	case typematch.IsMethodNamed(fn, "net/http", "Request", "WithContext", "Clone"):
		if len(call.Args) == 1 {
			return r.of(call.Args[0], depth+1)
		}
	}
	return Origin{}
}

// IsWrapper reports whether fn derives a context from its first argument
// without adding a deadline or detaching it: value-only and cancel-only
// wrappers such as context.WithValue, context.WithCancel,
// signal.NotifyContext, metadata.NewOutgoingContext, errgroup.WithContext
// and tracing spans. Such calls pass the origin of their argument through.
func IsWrapper(fn *types.Func) bool { return wrapperIndex(fn) >= 0 }

// wrapperIndex returns the index of the derived context among fn's results
// when fn derives a context from its first argument without adding a
// deadline or detaching it (value-only and cancel-only wrappers, tracing
// spans, errgroup), or -1.
func wrapperIndex(fn *types.Func) int {
	switch {
	case isCancelWrapper(fn),
		typematch.IsFunctionNamed(fn, "context", "WithValue"),
		typematch.IsFunctionNamed(fn, "runtime/pprof", "WithLabels"),
		typematch.IsFunctionNamed(fn, "runtime/trace", "NewTask"),
		typematch.IsFunctionNamed(fn, "google.golang.org/grpc/metadata",
			"NewOutgoingContext", "AppendToOutgoingContext", "NewIncomingContext"),
		typematch.IsFunctionNamed(fn, "go.opentelemetry.io/otel/trace", "ContextWithSpan", "ContextWithSpanContext", "ContextWithRemoteSpanContext"),
		typematch.IsMethodNamed(fn, "go.opentelemetry.io/otel/trace", "Tracer", "Start"),
		typematch.IsFunctionNamed(fn, "go.opentelemetry.io/otel/baggage", "ContextWithBaggage"):
		return 0
	case typematch.IsFunctionNamed(fn, "golang.org/x/sync/errgroup", "WithContext"):
		return 1 // (*Group, context.Context)
	}
	return -1
}

// isCancelWrapper reports whether fn derives a context that the code can
// cancel explicitly: context.WithCancel, WithCancelCause and
// signal.NotifyContext.
func isCancelWrapper(fn *types.Func) bool {
	return typematch.IsFunctionNamed(fn, "context", "WithCancel", "WithCancelCause") ||
		typematch.IsFunctionNamed(fn, "os/signal", "NotifyContext")
}
