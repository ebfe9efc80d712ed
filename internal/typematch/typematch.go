// Package typematch holds predicates that match functions, methods, types
// and package-level variables by their resolved types.Object and package
// path, never by source text. They see through renamed and dot imports,
// type aliases, method values and generic instantiation.
package typematch

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// IsFunctionNamed reports whether obj is a package-level function (not a
// method) of the package with the given path whose name is one of names.
func IsFunctionNamed(obj types.Object, path string, names ...string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return false
	}
	return slices.Contains(names, fn.Name())
}

// IsMethodNamed reports whether obj is a method of the named type
// path.typeName (with a value or pointer receiver, or an interface method of
// it) whose name is one of names.
func IsMethodNamed(obj types.Object, path, typeName string, names ...string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	if !slices.Contains(names, fn.Name()) {
		return false
	}
	return IsTypeNamed(Deref(sig.Recv().Type()), path, typeName)
}

// IsTypeNamed reports whether t (after alias resolution) is the named type
// path.name, or an instantiation of it.
func IsTypeNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

// IsPointerToNamed reports whether t is a pointer to the named type path.name.
func IsPointerToNamed(t types.Type, path, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsTypeNamed(p.Elem(), path, name)
}

// IsNamedOrPointer reports whether t is path.name or a pointer to it.
func IsNamedOrPointer(t types.Type, path, name string) bool {
	return IsTypeNamed(t, path, name) || IsPointerToNamed(t, path, name)
}

// Deref returns the element type of a pointer type, or t itself.
func Deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// IsPackageVar reports whether obj is the package-level variable path.name.
func IsPackageVar(obj types.Object, path, name string) bool {
	v, ok := obj.(*types.Var)
	return ok && !v.IsField() && v.Name() == name && v.Pkg() != nil &&
		v.Pkg().Path() == path && v.Parent() == v.Pkg().Scope()
}

// IsField reports whether obj is the field name of the struct type path.typeName.
func IsField(obj types.Object, path, typeName, name string) bool {
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() || v.Name() != name || v.Pkg() == nil || v.Pkg().Path() != path {
		return false
	}
	// Fields carry no link to their struct; check the type's field list.
	tn, ok := v.Pkg().Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f == v {
			return true
		}
	}
	return false
}

// Imports reports whether pkg directly imports the package with the given
// path. Only direct imports count: a package that uses net/http only
// through a wrapper does not import it.
func Imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

// ImportsAny reports whether pkg directly imports any of paths.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		if slices.Contains(paths, imp.Path()) {
			return true
		}
	}
	return false
}

// CalleeFunc returns the function or method statically called by call, or
// nil for calls of function values, builtins and conversions. Calls of
// interface methods return the interface method. Generic functions return
// their origin.
func CalleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// IsContext reports whether t is context.Context or a type whose method set
// implements it (framework contexts such as a gin-style *Context, aliases).
// The check is structural, on the four methods of context.Context, so it
// needs no handle on the context package.
func IsContext(t types.Type) bool {
	if t == nil {
		return false
	}
	if IsTypeNamed(t, "context", "Context") {
		return true
	}
	if !mayHaveMethods(t) {
		return false // most parameters: the method lookups below cost more than all the rest
	}
	return hasMethod(t, "Deadline", 0, func(r *types.Tuple) bool {
		return r.Len() == 2 && IsTypeNamed(r.At(0).Type(), "time", "Time") && isBool(r.At(1).Type())
	}) && hasMethod(t, "Done", 0, func(r *types.Tuple) bool {
		if r.Len() != 1 {
			return false
		}
		ch, ok := r.At(0).Type().Underlying().(*types.Chan)
		if !ok || ch.Dir() != types.RecvOnly {
			return false
		}
		st, ok := ch.Elem().Underlying().(*types.Struct)
		return ok && st.NumFields() == 0
	}) && hasMethod(t, "Err", 0, func(r *types.Tuple) bool {
		return r.Len() == 1 && types.Identical(r.At(0).Type(), types.Universe.Lookup("error").Type())
	}) && hasMethod(t, "Value", 1, func(r *types.Tuple) bool {
		return r.Len() == 1 && isEmptyInterface(r.At(0).Type())
	})
}

// mayHaveMethods reports whether t's method set can have a method: false
// for the unnamed types other than interfaces and structs (which may embed),
// and for pointers to them.
func mayHaveMethods(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
		if _, ok := t.(*types.Interface); ok {
			return false // a pointer to an interface has no methods
		}
	}
	switch t.(type) {
	case *types.Basic, *types.Slice, *types.Array, *types.Map, *types.Chan, *types.Signature, *types.Pointer, *types.Tuple:
		return false
	}
	return true // named types, interfaces, structs, type parameters
}

// hasMethod reports whether the method set of t has a method name with
// nparams parameters whose results satisfy ok.
func hasMethod(t types.Type, name string, nparams int, ok func(*types.Tuple) bool) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
	fn, isFunc := obj.(*types.Func)
	if !isFunc {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != nparams || sig.Variadic() {
		return false
	}
	if nparams == 1 && !isEmptyInterface(sig.Params().At(0).Type()) {
		return false
	}
	return ok(sig.Results())
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.NumMethods() == 0
}

// IsHTTPRequestPtr reports whether t is *net/http.Request.
func IsHTTPRequestPtr(t types.Type) bool {
	return IsPointerToNamed(t, "net/http", "Request")
}

// IsUntypedConstExpr reports whether the constant expression e is built
// only from untyped constants: no typed constant (time.Second) and no
// conversion (time.Duration(30)). Timeout checks use it to find bare
// numbers given where a duration is expected (Timeout: 30 is 30ns).
func IsUntypedConstExpr(info *types.Info, e ast.Expr) bool {
	untyped := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			untyped = false
		case *ast.Ident:
			if k, ok := info.Uses[n].(*types.Const); ok {
				if b, ok := k.Type().(*types.Basic); !ok || b.Info()&types.IsUntyped == 0 {
					untyped = false
				}
			}
		}
		return untyped
	})
	return untyped
}
