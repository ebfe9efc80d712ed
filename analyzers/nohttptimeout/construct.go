package nohttptimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/astutil"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// destKind says where a constructed value goes.
type destKind int

const (
	destNone   destKind = iota // used on the spot, or somewhere not followed
	destPath                   // stored in a variable or field
	destArg                    // passed to a function
	destReturn                 // returned by a function
)

// A dest is where a constructed value is stored.
type dest struct {
	kind  destKind
	p     path          // destPath; for destArg/destReturn, the field suffix (if any)
	call  *ast.CallExpr // destArg
	arg   int           // destArg
	fn    ast.Node      // destReturn: *ast.FuncDecl or *ast.FuncLit
	index int           // destReturn: result index
}

// destOf finds where the value of the expression at cur (result index
// resultIndex of a multi-value call) is stored, looking through parentheses,
// &, and enclosing struct literals (whose fields form the path's suffix).
func (c *checker) destOf(cur inspector.Cursor, resultIndex int) dest {
	info := c.pass.TypesInfo
	var suffix []*types.Var
	withSuffix := func(p path) path {
		return path{root: p.root, fields: append(append([]*types.Var(nil), p.fields...), suffix...)}
	}
	for {
		n := cur.Node()
		parent := cur.Parent()
		switch pn := parent.Node().(type) {
		case *ast.ParenExpr, *ast.StarExpr:
			cur = parent
			continue
		case *ast.UnaryExpr:
			if pn.Op != token.AND {
				return dest{}
			}
			cur = parent
			continue
		case *ast.KeyValueExpr:
			lit, ok := parent.Parent().Node().(*ast.CompositeLit)
			key, isIdent := pn.Key.(*ast.Ident)
			if !ok || !isIdent || pn.Value != n {
				return dest{}
			}
			f, ok := info.Uses[key].(*types.Var)
			if !ok || !f.IsField() {
				return dest{}
			}
			suffix = append([]*types.Var{f}, suffix...)
			cur = parent.Parent()
			_ = lit
			continue
		case *ast.CompositeLit:
			st, ok := derefUnder(info.TypeOf(pn)).(*types.Struct)
			if !ok {
				return dest{}
			}
			i := indexOf(pn.Elts, n)
			if i < 0 || i >= st.NumFields() {
				return dest{}
			}
			suffix = append([]*types.Var{st.Field(i)}, suffix...)
			cur = parent
			continue
		case *ast.AssignStmt:
			i := indexOf(pn.Rhs, n)
			switch {
			case i < 0:
				return dest{}
			case len(pn.Lhs) == len(pn.Rhs):
			case len(pn.Rhs) == 1 && resultIndex < len(pn.Lhs):
				i = resultIndex
			default:
				return dest{}
			}
			p := pathOf(info, pn.Lhs[i])
			if !p.valid() {
				return dest{}
			}
			return dest{kind: destPath, p: withSuffix(p)}
		case *ast.ValueSpec:
			i := indexOf(pn.Values, n)
			switch {
			case i < 0:
				return dest{}
			case len(pn.Names) == len(pn.Values):
			case len(pn.Values) == 1 && resultIndex < len(pn.Names):
				i = resultIndex
			default:
				return dest{}
			}
			v, ok := info.Defs[pn.Names[i]].(*types.Var)
			if !ok {
				return dest{}
			}
			return dest{kind: destPath, p: withSuffix(path{root: v})}
		case *ast.ReturnStmt:
			i := indexOf(pn.Results, n)
			fc, ok := astutil.EnclosingFunc(parent)
			if i < 0 || !ok {
				return dest{}
			}
			return dest{kind: destReturn, fn: fc.Node(), index: i, p: path{fields: suffix}}
		case *ast.CallExpr:
			i := indexOf(pn.Args, n)
			if i < 0 {
				return dest{}
			}
			return dest{kind: destArg, call: pn, arg: i, p: path{fields: suffix}}
		}
		return dest{}
	}
}

func indexOf(list []ast.Expr, n ast.Node) int {
	for i, e := range list {
		if e == n {
			return i
		}
	}
	return -1
}

// bounded reports whether any of fields (of the struct type the value has)
// is set to a non-zero value at d: by a store after construction, by a callee
// it is passed to, or by every caller of the unexported function returning
// it. Unknown destinations (function values, interface methods, builtins)
// count as bounded: when unsure, do not report.
func (c *checker) bounded(d dest, fields []*types.Var, depth int) bool {
	if depth > 3 {
		return true
	}
	if len(d.p.fields) > 0 {
		// Stored in a struct field: a store to the same field path anywhere
		// in the package counts.
		if c.anySet(d.p, fields) {
			return true
		}
	}
	switch d.kind {
	case destPath:
		if c.anySet(d.p, fields) {
			return true
		}
		root := d.p.root
		if root == nil || len(d.p.fields) > 0 {
			return false
		}
		if c.stores.addrOf[root] {
			return true // &c escapes: it may be configured through the pointer
		}
		if c.stores.overwritten[root] {
			return true // *c = *orig: a copy, judged where the original is configured
		}
		for _, u := range c.stores.args[root] {
			if c.calleeSets(u.call, u.index, fields) {
				return true
			}
		}
		for _, rs := range c.stores.returned[root] {
			if c.allCallersSet(rs.fn, rs.index, fields, depth) {
				return true
			}
		}
	case destArg:
		return c.calleeSets(d.call, d.arg, fields)
	case destReturn:
		return c.allCallersSet(d.fn, d.index, fields, depth)
	}
	return false
}

func (c *checker) anySet(p path, fields []*types.Var) bool {
	for _, f := range fields {
		if c.stores.sets(p, f) {
			return true
		}
	}
	return false
}

// calleeSets reports whether the function called by call sets one of fields
// on its parameter index, or is unknown.
func (c *checker) calleeSets(call *ast.CallExpr, index int, fields []*types.Var) bool {
	fn := typematch.CalleeFunc(c.pass.TypesInfo, call)
	if fn == nil {
		return !isConversion(c.pass.TypesInfo, call) // a function value or builtin: unknown
	}
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return true // an interface method: unknown implementation
	}
	if sig.Params().Len() == 0 {
		return false
	}
	pi := min(index, sig.Params().Len()-1)
	if fn.Pkg() == c.pass.Pkg {
		return c.anySet(path{root: sig.Params().At(pi)}, fields)
	}
	var fact setsTimeoutFact
	return c.pass.ImportObjectFact(fn, &fact) && pi < 64 && fact.Params&(1<<pi) != 0
}

func isConversion(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call.Fun]
	return ok && tv.IsType()
}

// allCallersSet reports whether fn is an unexported function of this
// package whose every call site stores its result index where one of
// fields is then set. A function referenced other than by calling it
// (a function value) counts as set: its callers are unknown.
func (c *checker) allCallersSet(fn ast.Node, index int, fields []*types.Var, depth int) bool {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return false
	}
	obj, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok || obj.Exported() {
		return false // callers in other packages are not visible
	}
	calls := c.callers()
	if calls.escapes[obj] {
		return true
	}
	sites := calls.sites[obj]
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if !c.bounded(c.destOf(site, index), fields, depth+1) {
			return false
		}
	}
	return true
}

// callIndex lists the call sites of the package's own functions, and the
// functions used other than by calling them.
type callIndex struct {
	sites   map[*types.Func][]inspector.Cursor
	escapes map[*types.Func]bool
}

// callers builds the call index on first use.
func (c *checker) callers() *callIndex {
	if c.calls != nil {
		return c.calls
	}
	ci := &callIndex{sites: make(map[*types.Func][]inspector.Cursor), escapes: make(map[*types.Func]bool)}
	calledIdents := make(map[*ast.Ident]bool)
	for cur := range c.inspect.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		var id *ast.Ident
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		case *ast.IndexExpr: // generic instantiation f[T](...)
			if x, ok := f.X.(*ast.Ident); ok {
				id = x
			}
		}
		if id == nil {
			continue
		}
		if fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func); ok && fn.Pkg() == c.pass.Pkg {
			calledIdents[id] = true
			ci.sites[fn.Origin()] = append(ci.sites[fn.Origin()], cur)
		}
	}
	for id, obj := range c.pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == c.pass.Pkg && !calledIdents[id] {
			ci.escapes[fn.Origin()] = true
		}
	}
	c.calls = ci
	return ci
}

// setsTimeoutFact records which parameters of a function get a bounding
// timeout field set (http.Client.Timeout, http.Server.ReadHeaderTimeout or
// ReadTimeout, net.Dialer.Timeout or Deadline): bit i for parameter i.
type setsTimeoutFact struct {
	Params uint64
}

func (*setsTimeoutFact) AFact() {}

func (f *setsTimeoutFact) String() string { return "setsTimeout" }

// isBoundingField reports whether f is a field whose non-zero value bounds
// a client, server or dialer.
func isBoundingField(f *types.Var) bool {
	return typematch.IsField(f, "net/http", "Client", "Timeout") ||
		typematch.IsField(f, "net/http", "Server", "ReadHeaderTimeout") ||
		typematch.IsField(f, "net/http", "Server", "ReadTimeout") ||
		typematch.IsField(f, "net", "Dialer", "Timeout") ||
		typematch.IsField(f, "net", "Dialer", "Deadline")
}

// usesBoundingField reports whether the package names a bounding field
// (a selector or a composite literal key), without which it stores none.
func usesBoundingField(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if f, ok := obj.(*types.Var); ok && f.IsField() && isBoundingField(f) {
			return true
		}
	}
	return false
}

// exportFacts exports a setsTimeoutFact for each function of the package
// that sets a bounding field on one of its parameters.
func (c *checker) exportFacts() {
	params := make(map[*types.Var]struct {
		fn    *types.Func
		index int
	})
	for _, f := range c.pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			for i := 0; i < sig.Params().Len() && i < 64; i++ {
				params[sig.Params().At(i)] = struct {
					fn    *types.Func
					index int
				}{fn, i}
			}
		}
	}
	facts := make(map[*types.Func]uint64)
	for field, stores := range c.stores.byField {
		if !isBoundingField(field) {
			continue
		}
		for _, st := range stores {
			v, ok := st.at.root.(*types.Var)
			if !ok || len(st.at.fields) != 0 || st.value != nil && isZeroConst(c.pass.TypesInfo, st.value) {
				continue
			}
			if p, ok := params[v]; ok {
				facts[p.fn] |= 1 << p.index
			}
		}
	}
	for fn, bits := range facts {
		c.pass.ExportObjectFact(fn, &setsTimeoutFact{Params: bits})
	}
}

var _ analysis.Fact = (*setsTimeoutFact)(nil)
