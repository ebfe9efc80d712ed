package nohttptimeout

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// A path names a storage location syntactically: a root variable followed
// by struct field selections, with pointer indirections ignored. c,
// (*c), s.client and s.api.client are paths; f().x is not (no root).
type path struct {
	root   types.Object // variable at the root; nil when unknown
	fields []*types.Var // fields selected from the root, embedded hops included
}

func (p path) valid() bool { return p.root != nil || len(p.fields) > 0 }

// pathOf returns the path of e, or an invalid path.
func pathOf(info *types.Info, e ast.Expr) path {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok {
			return path{root: v}
		}
	case *ast.StarExpr:
		return pathOf(info, e.X)
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		if !ok {
			// A qualified identifier: pkg.Var.
			if v, ok := info.Uses[e.Sel].(*types.Var); ok {
				return path{root: v}
			}
			return path{}
		}
		if sel.Kind() != types.FieldVal {
			return path{}
		}
		base := pathOf(info, e.X)
		fields := fieldChain(sel)
		if fields == nil {
			return path{}
		}
		return path{root: base.root, fields: append(append([]*types.Var(nil), base.fields...), fields...)}
	}
	return path{}
}

// fieldChain returns the fields a field selection goes through, embedded
// fields included.
func fieldChain(sel *types.Selection) []*types.Var {
	t := sel.Recv()
	var fields []*types.Var
	for _, i := range sel.Index() {
		st, ok := derefUnder(t).(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		f := st.Field(i)
		fields = append(fields, f)
		t = f.Type()
	}
	return fields
}

func derefUnder(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t.Underlying()
}

// A store is an assignment to a field: path.fields... = value.
type store struct {
	at    path // the path of the struct holding the field
	field *types.Var
	value ast.Expr // nil: the field's address escapes; treat as set
}

// storeIndex records the package's field stores, whole-variable
// assignments, simple aliases (w := v) and address-taken variables.
type storeIndex struct {
	info     *types.Info
	byField  map[*types.Var][]store
	storesAt map[storeKey][]store            // the same stores, bucketed for lookup by path
	assigned map[types.Object]int            // number of assignments (declarations excluded)
	aliases  map[types.Object][]types.Object // v → variables assigned from v
	addrOf   map[types.Object]bool
	// overwritten holds the pointers whose whole struct is assigned
	// (*c = *orig): its fields are those of the value copied in.
	overwritten map[types.Object]bool
	returned    map[types.Object][]returnSite // variables returned by a function
	args        map[types.Object][]argUse     // variables passed as call arguments (v or &v)
	dialUses    map[pathKey][]path            // dialers used through Dial or tls.DialWithDialer
	dialLits    map[*ast.CompositeLit]bool    // dialer literals used that way on the spot
	served      map[pathKey][]path            // servers whose ListenAndServe/Serve methods are called
	servLits    map[*ast.CompositeLit]bool    // server literals served on the spot
}

// An argUse is a variable passed as argument index of call.
type argUse struct {
	call  *ast.CallExpr
	index int
}

// A returnSite is a function that returns a value, and at which result index.
type returnSite struct {
	fn    ast.Node // *ast.FuncDecl or *ast.FuncLit
	index int
}

func indexStores(pass *analysis.Pass, in *inspector.Inspector) *storeIndex {
	s := &storeIndex{
		info:        pass.TypesInfo,
		byField:     make(map[*types.Var][]store),
		storesAt:    make(map[storeKey][]store),
		dialUses:    make(map[pathKey][]path),
		served:      make(map[pathKey][]path),
		assigned:    make(map[types.Object]int),
		aliases:     make(map[types.Object][]types.Object),
		addrOf:      make(map[types.Object]bool),
		overwritten: make(map[types.Object]bool),
		returned:    make(map[types.Object][]returnSite),
		args:        make(map[types.Object][]argUse),
		dialLits:    make(map[*ast.CompositeLit]bool),
		servLits:    make(map[*ast.CompositeLit]bool),
	}
	for cur := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.ReturnStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			s.addCall(n)
		case *ast.AssignStmt:
			s.addAssign(n)
		case *ast.UnaryExpr:
			if n.Op != token.AND {
				continue
			}
			p := pathOf(s.info, n.X)
			switch {
			case len(p.fields) > 0:
				// &x.Timeout escapes the field: someone may set it.
				f := p.fields[len(p.fields)-1]
				s.addStore(store{at: path{root: p.root, fields: p.fields[:len(p.fields)-1]}, field: f})
			case p.root != nil:
				s.addrOf[p.root] = true
			}
		case *ast.ReturnStmt:
			for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				for i, r := range n.Results {
					if id, ok := ast.Unparen(r).(*ast.Ident); ok {
						if v, ok := s.info.ObjectOf(id).(*types.Var); ok {
							s.returned[v] = append(s.returned[v], returnSite{fn: fc.Node(), index: i})
						}
					}
				}
				break
			}
		}
	}
	return s
}

func (s *storeIndex) addCall(call *ast.CallExpr) {
	for i, a := range call.Args {
		a = ast.Unparen(a)
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
			a = ast.Unparen(u.X)
		}
		if id, ok := a.(*ast.Ident); ok {
			if v, ok := s.info.ObjectOf(id).(*types.Var); ok {
				s.args[v] = append(s.args[v], argUse{call: call, index: i})
			}
		}
	}
	fn := typematch.CalleeFunc(s.info, call)
	if typematch.IsMethodNamed(fn, "net/http", "Server", "ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS") {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if lit := litOf(sel.X); lit != nil {
				s.servLits[lit] = true
			} else if p := pathOf(s.info, sel.X); p.valid() {
				k := keyOf(p)
				s.served[k] = append(s.served[k], p)
			}
		}
		return
	}
	var dialer ast.Expr
	switch {
	case typematch.IsMethodNamed(fn, "net", "Dialer", "Dial"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			dialer = sel.X
		}
	case typematch.IsFunctionNamed(fn, "crypto/tls", "DialWithDialer"):
		if len(call.Args) > 0 {
			dialer = call.Args[0]
		}
	}
	if dialer == nil {
		return
	}
	if lit := litOf(dialer); lit != nil {
		s.dialLits[lit] = true
	} else if p := pathOf(s.info, dialer); p.valid() {
		k := keyOf(p)
		s.dialUses[k] = append(s.dialUses[k], p)
	}
}

// litOf returns the composite literal e is, looking through parentheses
// and &, or nil.
func litOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// servedAt reports whether the server stored at p is served (its
// ListenAndServe or Serve method called) somewhere in the package.
func (s *storeIndex) servedAt(p path) bool { return s.usedAt(s.served, p) }

// dialedThrough reports whether the dialer stored at p is used through Dial.
func (s *storeIndex) dialedThrough(p path) bool { return s.usedAt(s.dialUses, p) }

func (s *storeIndex) usedAt(uses map[pathKey][]path, p path) bool {
	for _, k := range s.keysFor(p) {
		for _, u := range uses[k] {
			if s.matches(p, u) {
				return true
			}
		}
	}
	return false
}

// A pathKey buckets paths so that lookups do not scan the package: paths
// through fields by their last field (matches compares suffixes), others by
// their root variable.
type pathKey struct {
	root types.Object
	last *types.Var
}

func keyOf(p path) pathKey {
	if len(p.fields) > 0 {
		return pathKey{last: p.fields[len(p.fields)-1]}
	}
	return pathKey{root: p.root}
}

// A storeKey buckets the stores to one field by the path they store at.
type storeKey struct {
	field *types.Var
	at    pathKey
}

// keysFor returns the buckets that may hold paths matching p: those of its
// root and the root's aliases, or of its last field.
func (s *storeIndex) keysFor(p path) []pathKey {
	if len(p.fields) > 0 || p.root == nil {
		return []pathKey{keyOf(p)}
	}
	keys := []pathKey{{root: p.root}}
	for _, a := range s.aliases[p.root] {
		keys = append(keys, pathKey{root: a})
	}
	return keys
}

// addStore records st.
func (s *storeIndex) addStore(st store) {
	s.byField[st.field] = append(s.byField[st.field], st)
	k := storeKey{st.field, keyOf(st.at)}
	s.storesAt[k] = append(s.storesAt[k], st)
}

// storesTo calls yield for each store to field at a path that may match p.
func (s *storeIndex) storesTo(p path, field *types.Var, yield func(store) bool) {
	for _, k := range s.keysFor(p) {
		for _, st := range s.storesAt[storeKey{field, k}] {
			if s.matches(p, st.at) && !yield(st) {
				return
			}
		}
	}
}

func (s *storeIndex) addAssign(n *ast.AssignStmt) {
	if len(n.Lhs) != len(n.Rhs) {
		for _, l := range n.Lhs {
			if p := pathOf(s.info, l); p.root != nil && len(p.fields) == 0 && n.Tok != token.DEFINE {
				s.assigned[p.root]++
			}
		}
		return
	}
	for i, l := range n.Lhs {
		p := pathOf(s.info, l)
		if !p.valid() {
			continue
		}
		if len(p.fields) == 0 {
			if _, ok := ast.Unparen(l).(*ast.StarExpr); ok {
				s.overwritten[p.root] = true
			}
			if n.Tok != token.DEFINE || s.info.Defs[l.(*ast.Ident)] == nil {
				s.assigned[p.root]++
			}
			// w := v aliases v only for pointers: a struct value is copied.
			if id, ok := ast.Unparen(n.Rhs[i]).(*ast.Ident); ok {
				if v, ok := s.info.ObjectOf(id).(*types.Var); ok && isPointer(v.Type()) {
					s.aliases[v] = append(s.aliases[v], p.root)
				}
			}
			continue
		}
		f := p.fields[len(p.fields)-1]
		s.addStore(store{at: path{root: p.root, fields: p.fields[:len(p.fields)-1]}, field: f, value: n.Rhs[i]})
	}
}

// sets reports whether some store assigns a non-zero value to field of the
// struct at p (or at an alias of p's root).
func (s *storeIndex) sets(p path, field *types.Var) bool {
	found := false
	s.storesTo(p, field, func(st store) bool {
		found = st.value == nil || !isZeroConst(s.info, st.value)
		return !found
	})
	return found
}

// matches reports whether a store at path st writes to the struct at p: the
// same root (or an alias of it) with the same fields, or, when p goes through
// struct fields, any path ending in the same fields (s.client.Timeout set in
// another method counts for a client stored in s.client).
func (s *storeIndex) matches(p, st path) bool {
	if len(p.fields) > 0 {
		if len(st.fields) < len(p.fields) {
			return false
		}
		return sameFields(st.fields[len(st.fields)-len(p.fields):], p.fields)
	}
	if len(st.fields) != 0 || p.root == nil {
		return false
	}
	if st.root == p.root {
		return true
	}
	for _, a := range s.aliases[p.root] {
		if st.root == a {
			return true
		}
	}
	return false
}

func sameFields(a, b []*types.Var) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// isZeroConst reports whether e is a constant equal to zero.
func isZeroConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	return tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0 ||
		tv.Value.Kind() == constant.Float && constant.Sign(tv.Value) == 0
}

// structField returns the field name of the struct type t (or *t).
func structField(t types.Type, name string) *types.Var {
	st, ok := derefUnder(t).(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == name {
			return f
		}
	}
	return nil
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
