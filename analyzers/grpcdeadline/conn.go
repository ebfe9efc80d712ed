package grpcdeadline

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// A value is one expression assigned to a variable or field: expr, or
// result index of a multi-value call expr. A nil expr is the zero value.
type value struct {
	expr  ast.Expr
	index int
}

// valueIndex records, for the package, the values assigned to each variable
// and struct field (declarations, assignments, composite literal fields),
// the variables written in ways it cannot follow, and the package's function
// declarations. It is built on first use: only packages with a candidate
// finding pay for it.
type valueIndex struct {
	values map[*types.Var][]value
	opaque map[*types.Var]bool
	params map[*types.Var]bool // parameters and named results: their first value comes from elsewhere
	decls  map[*types.Func]inspector.Cursor
}

// of returns the values assigned to v; ok is false when v is also written
// in a way the index cannot follow (its address taken, a range variable,
// an element or compound assignment).
func (x *valueIndex) of(v *types.Var) ([]value, bool) {
	return x.values[v], !x.opaque[v]
}

// known returns the values of v when they are all visible in the package:
// v is not a parameter or named result (whose value comes from a caller)
// and is written only by assignments the index follows.
func (x *valueIndex) known(v *types.Var) ([]value, bool) {
	if x.params[v] || x.opaque[v] {
		return nil, false
	}
	return x.values[v], true
}

func (c *checker) index() *valueIndex {
	if c.values != nil {
		return c.values
	}
	x := &valueIndex{
		values: make(map[*types.Var][]value),
		opaque: make(map[*types.Var]bool),
		params: make(map[*types.Var]bool),
		decls:  make(map[*types.Func]inspector.Cursor),
	}
	info := c.pass.TypesInfo
	for cur := range c.inspect.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil),
		(*ast.CompositeLit)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.FuncDecl)(nil),
		(*ast.FuncType)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					x.markOpaque(info, l)
				}
				continue
			}
			x.addAssign(info, n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			x.addAssign(info, lhs, n.Values)
		case *ast.CompositeLit:
			x.addFields(info, n)
		case *ast.RangeStmt:
			x.markOpaque(info, n.Key)
			x.markOpaque(info, n.Value)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				x.markOpaque(info, n.X)
			}
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				x.decls[fn] = cur
			}
		case *ast.FuncType:
			for _, fl := range []*ast.FieldList{n.Params, n.Results} {
				if fl == nil {
					continue
				}
				for _, f := range fl.List {
					for _, id := range f.Names {
						if v, ok := info.Defs[id].(*types.Var); ok {
							x.params[v] = true
						}
					}
				}
			}
		}
	}
	c.values = x
	return x
}

// target returns the variable or field that an assignment to e writes.
func target(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.ObjectOf(e.Sel).(*types.Var)
		return v
	}
	return nil
}

func (x *valueIndex) addAssign(info *types.Info, lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		v := target(info, l)
		if v == nil {
			x.markOpaque(info, l) // s[i] = v, *p = v
			continue
		}
		switch {
		case len(rhs) == 0:
			x.values[v] = append(x.values[v], value{}) // var v T
		case len(lhs) == len(rhs):
			x.values[v] = append(x.values[v], value{expr: rhs[i]})
		case len(rhs) == 1:
			x.values[v] = append(x.values[v], value{expr: rhs[0], index: i})
		}
	}
}

// addFields records the fields set by a struct literal.
func (x *valueIndex) addFields(info *types.Info, lit *ast.CompositeLit) {
	st, ok := typematch.Deref(info.TypeOf(lit)).Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := info.Uses[id].(*types.Var); ok {
					x.values[f] = append(x.values[f], value{expr: kv.Value})
				}
			}
			continue
		}
		if i < st.NumFields() {
			x.values[st.Field(i)] = append(x.values[st.Field(i)], value{expr: e})
		}
	}
}

// markOpaque records that the variable at the root of e is written in a
// way the index cannot follow.
func (x *valueIndex) markOpaque(info *types.Info, e ast.Expr) {
	for e != nil {
		switch t := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.ObjectOf(t).(*types.Var); ok {
				x.opaque[v] = true
			}
			return
		case *ast.SelectorExpr:
			if v, ok := info.ObjectOf(t.Sel).(*types.Var); ok {
				x.opaque[v] = true
			}
			return
		case *ast.IndexExpr:
			e = t.X
		case *ast.StarExpr:
			e = t.X
		default:
			return
		}
	}
}

// A connState says whether a client or connection value is known to go
// through a deadline-setting unary interceptor.
type connState int

const (
	connPlain    connState = iota // built without one, or not built in the analyzed function
	connUnknown                   // built from something the analysis cannot see
	connDeadline                  // built with a deadline-setting unary interceptor
)

const maxDepth = 8

// connOf returns whether the client or connection value e goes through a
// deadline-setting unary interceptor. It follows local variables, struct
// fields (every store in the package), constructor calls (the connection
// passed to pb.NewFooClient or a wrapper), and the return values of the
// package's own functions, back to grpc.Dial, DialContext or NewClient.
func (c *checker) connOf(e ast.Expr, depth int) connState {
	if e == nil || depth > maxDepth {
		return connUnknown
	}
	info := c.pass.TypesInfo
	if t := info.TypeOf(e); t != nil && isOpaqueType(t) {
		return connPlain // strings, numbers, contexts: no connection in them
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.connOfVar(info.ObjectOf(e), depth)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() != types.FieldVal {
			return connPlain
		}
		return c.connOfVar(info.ObjectOf(e.Sel), depth)
	case *ast.CallExpr:
		return c.connOfCall(e, 0, depth)
	case *ast.UnaryExpr:
		return c.connOf(e.X, depth+1)
	case *ast.StarExpr:
		return c.connOf(e.X, depth+1)
	case *ast.TypeAssertExpr:
		return c.connOf(e.X, depth+1)
	case *ast.CompositeLit:
		s := connPlain
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			s = max(s, c.connOf(elt, depth+1))
		}
		return s
	}
	return connPlain
}

// isOpaqueType reports whether values of type t cannot carry a connection.
func isOpaqueType(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Basic); ok {
		return true
	}
	return typematch.IsTypeNamed(t, "context", "Context")
}

// connOfVar combines the values stored in a variable or field.
func (c *checker) connOfVar(obj types.Object, depth int) connState {
	v, ok := obj.(*types.Var)
	if !ok {
		return connPlain
	}
	vals, ok := c.index().of(v)
	if !ok {
		return connUnknown
	}
	s := connPlain
	for _, val := range vals {
		if val.expr == nil {
			continue // the zero value
		}
		if call, ok := ast.Unparen(val.expr).(*ast.CallExpr); ok {
			s = max(s, c.connOfCall(call, val.index, depth+1))
		} else if val.index == 0 {
			s = max(s, c.connOf(val.expr, depth+1))
		}
		if s == connDeadline {
			break
		}
	}
	return s
}

// connOfCall returns the state of result index of call.
func (c *checker) connOfCall(call *ast.CallExpr, index, depth int) connState {
	if depth > maxDepth {
		return connUnknown
	}
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return c.connOf(call.Args[0], depth+1) // a conversion
	}
	fn := typematch.CalleeFunc(info, call)
	if typematch.IsFunctionNamed(fn, grpcPath, "Dial", "DialContext", "NewClient") {
		if index != 0 {
			return connPlain
		}
		return c.dialOptions(call, fn).icept
	}
	s := connPlain
	if fn != nil && fn.Pkg() == c.pass.Pkg {
		s = c.connOfReturns(fn, index, depth+1) // a constructor of this package
	}
	return max(s, c.connOfOperands(call, depth)) // pb.NewFooClient(conn), newService(conn)
}

// connOfOperands combines the states of the receiver and arguments of call.
func (c *checker) connOfOperands(call *ast.CallExpr, depth int) connState {
	s := connPlain
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if k, ok := c.pass.TypesInfo.Selections[sel]; ok && k.Kind() == types.MethodVal {
			s = c.connOf(sel.X, depth+1)
		}
	}
	for _, a := range call.Args {
		s = max(s, c.connOf(a, depth+1))
	}
	return s
}

// connOfReturns combines the values that the package's function fn returns
// at result index.
func (c *checker) connOfReturns(fn *types.Func, index, depth int) connState {
	decl, ok := c.index().decls[fn]
	if !ok {
		return connPlain
	}
	s := connPlain
	decl.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		ret, ok := cur.Node().(*ast.ReturnStmt)
		if !ok {
			return cur.Node() == decl.Node() // do not enter function literals
		}
		switch {
		case len(ret.Results) > index && len(ret.Results) == fn.Signature().Results().Len():
			s = max(s, c.connOf(ret.Results[index], depth+1))
		case len(ret.Results) == 1:
			if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
				s = max(s, c.connOfCall(call, index, depth+1))
			}
		case len(ret.Results) == 0 && fn.Signature().Results().Len() > 0:
			s = connUnknown // named results
		}
		return false
	})
	return s
}

// dialOpts summarises the options given to grpc.Dial, DialContext or NewClient.
type dialOpts struct {
	block   string    // WithBlock or WithReturnConnectionError, when given
	timeout bool      // grpc.WithTimeout: bounds a blocking dial
	icept   connState // a deadline-setting unary interceptor
	unknown bool      // an option the analysis cannot see
}

// dialOptions collects the options of a dial call, following a local
// []grpc.DialOption slice built with literals and append.
func (c *checker) dialOptions(call *ast.CallExpr, fn *types.Func) dialOpts {
	var o dialOpts
	start := 1
	if fn.Name() == "DialContext" {
		start = 2
	}
	for i := start; i < len(call.Args); i++ {
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
			c.sliceOptions(call.Args[i], &o, map[*types.Var]bool{})
		} else {
			c.option(call.Args[i], &o, 0)
		}
	}
	if o.unknown {
		o.icept = max(o.icept, connUnknown)
	}
	return o
}

// sliceOptions adds the options that the slice expression e holds.
func (c *checker) sliceOptions(e ast.Expr, o *dialOpts, seen map[*types.Var]bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			c.option(elt, o, 0)
		}
		return
	case *ast.CallExpr:
		if !c.isAppend(e) || len(e.Args) == 0 {
			break
		}
		c.sliceOptions(e.Args[0], o, seen)
		for i, a := range e.Args[1:] {
			if e.Ellipsis.IsValid() && i == len(e.Args)-2 {
				c.sliceOptions(a, o, seen)
			} else {
				c.option(a, o, 0)
			}
		}
		return
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() {
			break // a package variable: set anywhere
		}
		if seen[v] {
			return // opts = append(opts, ...)
		}
		seen[v] = true
		vals, ok := c.index().known(v)
		if !ok {
			break // a parameter, or written through a pointer
		}
		for _, val := range vals {
			if val.expr != nil {
				if val.index != 0 {
					o.unknown = true
					continue
				}
				c.sliceOptions(val.expr, o, seen)
			}
		}
		return
	}
	o.unknown = true
}

// isAppend reports whether call calls the builtin append.
func (c *checker) isAppend(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == "append"
}

// option adds one DialOption expression to o.
func (c *checker) option(e ast.Expr, o *dialOpts, depth int) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typematch.CalleeFunc(info, e)
		switch {
		case fn == nil:
			o.unknown = true
		case typematch.IsFunctionNamed(fn, grpcPath, "WithBlock", "WithReturnConnectionError"):
			o.block = fn.Name()
		case typematch.IsFunctionNamed(fn, grpcPath, "WithTimeout"):
			o.timeout = true
		case typematch.IsFunctionNamed(fn, grpcPath, "WithUnaryInterceptor", "WithChainUnaryInterceptor"):
			if e.Ellipsis.IsValid() {
				o.icept = max(o.icept, connUnknown)
			}
			for _, a := range e.Args {
				o.icept = max(o.icept, c.interceptorOf(a, 0))
			}
		case fn.Pkg() != nil && fn.Pkg().Path() == grpcPath:
			// Another grpc option: credentials, user agent, keepalive...
		default:
			o.unknown = true // an option built where the analysis cannot see
		}
		return
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if ok && depth < maxDepth && !v.IsField() && v.Parent() != v.Pkg().Scope() {
			if vals, ok := c.index().known(v); ok && len(vals) > 0 {
				for _, val := range vals {
					if val.expr == nil || val.index != 0 {
						o.unknown = true
						continue
					}
					c.option(val.expr, o, depth+1)
				}
				return
			}
		}
	}
	o.unknown = true
}

// interceptorOf returns connDeadline when the unary client interceptor e
// sets a deadline, connPlain when it does not, connUnknown when the analysis
// cannot see it.
func (c *checker) interceptorOf(e ast.Expr, depth int) connState {
	if depth > maxDepth {
		return connUnknown
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typematch.CalleeFunc(info, e)
		if fn == nil {
			return connUnknown
		}
		return c.stateOfInterceptorFunc(fn)
	case *ast.FuncLit:
		if cur, ok := c.inspect.Root().FindByPos(e.Pos(), e.End()); ok && cur.Node() == e && c.callsWithDeadline(cur) {
			return connDeadline
		}
		return connPlain
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = e.(*ast.Ident)
		}
		switch obj := info.ObjectOf(id).(type) {
		case *types.Func:
			return c.stateOfInterceptorFunc(obj) // the interceptor itself
		case *types.Var:
			vals, ok := c.index().known(obj)
			if !ok || len(vals) == 0 {
				return connUnknown
			}
			s := connPlain
			for _, val := range vals {
				if val.expr == nil || val.index != 0 {
					s = max(s, connUnknown)
					continue
				}
				s = max(s, c.interceptorOf(val.expr, depth+1))
			}
			return s
		}
	}
	return connUnknown
}

// stateOfInterceptorFunc says whether fn (an interceptor, or a function
// returning one) sets a deadline: a function of runtime/deadlinegrpc
// returning a grpc.UnaryClientInterceptor, one named in -interceptors, or
// one known to call context.WithTimeout (interceptorFact).
func (c *checker) stateOfInterceptorFunc(fn *types.Func) connState {
	if c.isDeadlineInterceptor(fn) {
		return connDeadline
	}
	return connPlain
}

func (c *checker) isDeadlineInterceptor(fn *types.Func) bool {
	if fn.Pkg() != nil && fn.Pkg().Path() == runtimePath && returnsUnaryInterceptor(fn) {
		return true
	}
	// The ecosystem's timeout interceptor. It is named here rather than
	// learnt from facts: timeoutlint's standalone driver does not analyze
	// third-party modules.
	if typematch.IsFunctionNamed(fn, "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/timeout", "UnaryClientInterceptor") {
		return true
	}
	if c.interceptors.has(fn) || c.icepts[fn] {
		return true
	}
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(interceptorFact))
}

// returnsUnaryInterceptor reports whether fn's only result is a
// grpc.UnaryClientInterceptor.
func returnsUnaryInterceptor(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && typematch.IsTypeNamed(res.At(0).Type(), grpcPath, "UnaryClientInterceptor")
}

// isUnaryInterceptor reports whether fn is itself a unary client
// interceptor: its sixth parameter is a grpc.UnaryInvoker.
func isUnaryInterceptor(fn *types.Func) bool {
	p := fn.Signature().Params()
	return p.Len() == 7 && typematch.IsTypeNamed(p.At(5).Type(), grpcPath, "UnaryInvoker")
}

// callsWithDeadline reports whether the function at cur (a declaration or
// literal) calls context.WithTimeout, WithDeadline or their Cause variants.
func (c *checker) callsWithDeadline(cur inspector.Cursor) bool {
	for call := range cur.Preorder((*ast.CallExpr)(nil)) {
		fn := typematch.CalleeFunc(c.pass.TypesInfo, call.Node().(*ast.CallExpr))
		if typematch.IsFunctionNamed(fn, "context", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause") {
			return true
		}
	}
	return false
}
