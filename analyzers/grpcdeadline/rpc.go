package grpcdeadline

import (
	"go/ast"
	"go/types"

	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// An rpc is a gRPC client call: a unary call or the opening of a stream.
type rpc struct {
	stream bool
	name   string   // T.Method, for messages
	ctx    ast.Expr // the context argument
	recv   ast.Expr // the receiver (client or connection) expression
	method *types.Func
}

// rpcOf returns the RPC that call makes, recognised by the method's type:
// direct calls (c.Get(ctx, req)), method expressions (T.Get(c, ctx, req))
// and calls of a local method value (get := c.Get; get(ctx, req)).
func (c *checker) rpcOf(call *ast.CallExpr) (rpc, bool) {
	info := c.pass.TypesInfo
	var fn *types.Func
	var recv ast.Expr
	args := call.Args
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		sel, ok := info.Selections[f]
		if !ok {
			return rpc{}, false // a package-qualified function
		}
		fn, _ = sel.Obj().(*types.Func)
		switch sel.Kind() {
		case types.MethodVal:
			recv = f.X
		case types.MethodExpr:
			if len(args) == 0 {
				return rpc{}, false
			}
			recv, args = args[0], args[1:]
		default:
			return rpc{}, false // a field of function type
		}
	case *ast.Ident:
		sel := c.methodValue(f)
		if sel == nil {
			return rpc{}, false
		}
		fn, _ = info.Selections[sel].Obj().(*types.Func)
		recv = sel.X
	default:
		return rpc{}, false
	}
	if fn == nil || len(args) == 0 {
		return rpc{}, false
	}
	kind := c.rpcKind(fn)
	if kind == notRPC {
		return rpc{}, false
	}
	return rpc{stream: kind == streamRPC, name: funcName(fn), ctx: args[0], recv: recv, method: fn}, true
}

// methodValue returns the method value selector that the local variable id
// holds, when it is assigned exactly once, from a method value.
func (c *checker) methodValue(id *ast.Ident) *ast.SelectorExpr {
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if _, isSig := v.Type().Underlying().(*types.Signature); !isSig {
		return nil
	}
	vals, ok := c.index().of(v)
	if !ok || len(vals) != 1 || vals[0].index != 0 {
		return nil
	}
	sel, ok := ast.Unparen(vals[0].expr).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := c.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return nil
	}
	return sel
}

type rpcKindT int

const (
	notRPC rpcKindT = iota
	unaryRPC
	streamRPC
)

// rpcKind classifies a method by its type. Unary: (*grpc.ClientConn).Invoke,
// grpc.ClientConnInterface.Invoke, and any method shaped
// (context.Context, *Req, ...grpc.CallOption) (*Resp, error). Streaming:
// NewStream, and any method shaped (context.Context, [*Req,]
// ...grpc.CallOption) (S, error) where S implements grpc.ClientStream
// (generated FooClient.Watch returning grpc.ServerStreamingClient[T] or an
// older Foo_WatchClient interface).
func (c *checker) rpcKind(fn *types.Func) rpcKindT {
	sig := fn.Signature()
	if sig.Recv() == nil || !sig.Variadic() {
		return notRPC
	}
	params, results := sig.Params(), sig.Results()
	if params.Len() < 2 || !typematch.IsTypeNamed(params.At(0).Type(), "context", "Context") {
		return notRPC
	}
	last, ok := params.At(params.Len() - 1).Type().(*types.Slice)
	if !ok || !typematch.IsTypeNamed(last.Elem(), grpcPath, "CallOption") {
		return notRPC
	}
	switch {
	case typematch.IsMethodNamed(fn, grpcPath, "ClientConn", "Invoke"),
		typematch.IsMethodNamed(fn, grpcPath, "ClientConnInterface", "Invoke"):
		return unaryRPC
	case typematch.IsMethodNamed(fn, grpcPath, "ClientConn", "NewStream"),
		typematch.IsMethodNamed(fn, grpcPath, "ClientConnInterface", "NewStream"):
		return streamRPC
	case results.Len() != 2 || !isError(results.At(1).Type()):
		return notRPC
	case params.Len() <= 3 && c.isClientStream(results.At(0).Type()):
		return streamRPC
	case params.Len() == 3 && isPointer(params.At(1).Type()) && isPointer(results.At(0).Type()):
		return unaryRPC
	}
	return notRPC
}

// isClientStream reports whether t implements grpc.ClientStream.
func (c *checker) isClientStream(t types.Type) bool {
	if c.clientStream != nil {
		return types.Implements(t, c.clientStream)
	}
	// grpc is not among the visible imports (export data): match the
	// methods of ClientStream by name.
	for _, m := range []string{"Header", "Trailer", "CloseSend", "Context", "SendMsg", "RecvMsg"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m); obj == nil {
			return false
		}
	}
	return true
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
