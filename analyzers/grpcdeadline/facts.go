package grpcdeadline

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/timeoutlint/timeoutlint/internal/ctxorigin"
	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// helperFact marks a function that passes its context parameter (index
// Param) into a gRPC call without adding a deadline, directly or through
// other helpers of the same analyzed code.
type helperFact struct {
	Param  int
	RPC    string // the RPC reached, T.Method, for messages
	Stream bool   // every RPC reached opens a stream
	Code   string // analyzedCode of the declaring package
}

func (*helperFact) AFact() {}

func (f *helperFact) String() string {
	what := "call"
	if f.Stream {
		what = "stream"
	}
	return fmt.Sprintf("grpcHelper(%d, %s %s)", f.Param, what, f.RPC)
}

// interceptorFact marks a function that is, or returns, a unary client
// interceptor that calls context.WithTimeout or WithDeadline.
type interceptorFact struct{}

func (*interceptorFact) AFact() {}

func (*interceptorFact) String() string { return "deadlineInterceptor" }

var (
	_ analysis.Fact = (*helperFact)(nil)
	_ analysis.Fact = (*interceptorFact)(nil)
)

// findInterceptors records the package's deadline-setting unary client
// interceptors: functions that are, or return, a unary client interceptor
// and call context.WithTimeout or WithDeadline. Exported ones get a fact.
func (c *checker) findInterceptors() {
	for cur := range c.inspect.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil || !returnsUnaryInterceptor(fn) && !isUnaryInterceptor(fn) {
			continue
		}
		if !c.callsWithDeadline(cur) {
			continue
		}
		c.icepts[fn] = true
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, &interceptorFact{})
		}
	}
}

// A helperCandidate is a function with one context parameter and the
// places where that parameter flows, unchanged, into an RPC or a call.
type helperCandidate struct {
	fn      *types.Func
	param   int
	direct  []helperFact // RPCs and imported helpers reached
	pending []*types.Func
}

// findHelpers computes the helpers of the package (functions that pass
// their context parameter into an RPC without adding a deadline), iterating
// to a fixed point over calls between the package's functions, and exports
// a helperFact for the exported ones.
func (c *checker) findHelpers() {
	var cands []*helperCandidate
	for cur := range c.inspect.Root().Preorder((*ast.FuncDecl)(nil)) {
		if cand := c.helperCandidate(cur); cand != nil {
			cands = append(cands, cand)
		}
	}
	// A worklist, not rounds over all candidates: a round per link of the
	// longest chain of helpers made long chains quadratic.
	callers := make(map[*types.Func][]*helperCandidate)
	for _, cand := range cands {
		for _, g := range cand.pending {
			callers[g] = append(callers[g], cand)
		}
	}
	work := slices.Clone(cands)
	for len(work) > 0 {
		cand := work[len(work)-1]
		work = work[:len(work)-1]
		h := c.resolveHelper(cand)
		old := c.helpers[cand.fn]
		if h != nil && (old == nil || old.Stream != h.Stream) {
			c.helpers[cand.fn] = h
			work = append(work, callers[cand.fn]...)
		}
	}
	for fn, h := range c.helpers {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, h)
		}
	}
}

// resolveHelper returns the fact for cand given the helpers known so far,
// or nil. A helper reaching any unary call is a unary helper.
func (c *checker) resolveHelper(cand *helperCandidate) *helperFact {
	var h *helperFact
	add := func(rpc string, stream bool) {
		if h == nil || h.Stream && !stream {
			h = &helperFact{Param: cand.param, RPC: rpc, Stream: stream, Code: c.module}
		}
	}
	for _, d := range cand.direct {
		add(d.RPC, d.Stream)
	}
	for _, g := range cand.pending {
		if gh := c.helpers[g]; gh != nil {
			add(gh.RPC, gh.Stream)
		}
	}
	return h
}

// helperCandidate returns the candidate for the function declared at cur,
// or nil when it has no single context parameter or adds a deadline
// somewhere (a helper that defaults a deadline when the caller set none is
// not a helper that drops one).
func (c *checker) helperCandidate(cur inspector.Cursor) *helperCandidate {
	decl := cur.Node().(*ast.FuncDecl)
	fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok || decl.Body == nil {
		return nil
	}
	param := ctxParam(fn)
	if param < 0 || c.callsWithDeadline(cur) {
		return nil
	}
	pv := fn.Signature().Params().At(param)
	cand := &helperCandidate{fn: fn, param: param}
	for cc := range cur.Preorder((*ast.CallExpr)(nil)) {
		call := cc.Node().(*ast.CallExpr)
		if r, ok := c.rpcOf(call); ok {
			if c.fromParam(cc, r.ctx, pv) && (r.stream || c.connOf(r.recv, 0) == connPlain) {
				cand.direct = append(cand.direct, helperFact{RPC: r.name, Stream: r.stream})
			}
			continue
		}
		g := typematch.CalleeFunc(c.pass.TypesInfo, call)
		if g == nil || g == fn {
			continue
		}
		gp := ctxParam(g)
		if gp < 0 || gp >= len(call.Args) || !c.fromParam(cc, call.Args[gp], pv) {
			continue
		}
		if g.Pkg() == c.pass.Pkg {
			cand.pending = append(cand.pending, g)
		} else if h := c.importedHelper(g); h != nil {
			cand.direct = append(cand.direct, helperFact{RPC: h.RPC, Stream: h.Stream})
		}
	}
	if len(cand.direct) == 0 && len(cand.pending) == 0 {
		return nil
	}
	return cand
}

// ctxParam returns the index of fn's only named context.Context parameter,
// or -1.
func ctxParam(fn *types.Func) int {
	params := fn.Signature().Params()
	idx := -1
	for i := range params.Len() {
		p := params.At(i)
		if !typematch.IsTypeNamed(p.Type(), "context", "Context") {
			continue
		}
		if idx >= 0 || p.Name() == "" || p.Name() == "_" {
			return -1
		}
		idx = i
	}
	return idx
}

// fromParam reports whether e, at cur, is the context parameter pv itself
// (possibly through value-only wrappers such as metadata): pv is the only
// incoming context in scope and e's origin is the incoming context.
func (c *checker) fromParam(cur inspector.Cursor, e ast.Expr, pv *types.Var) bool {
	if c.origins.Of(e).Kind != ctxorigin.Incoming {
		return false
	}
	ps := c.origins.Incoming(cur)
	return len(ps) == 1 && ps[0].Var == pv
}

// helperOf returns the helper fact of fn when calls of fn count here: this
// package's helpers, and imported helpers of the same analyzed code.
func (c *checker) helperOf(fn *types.Func) *helperFact {
	if fn.Pkg() == c.pass.Pkg {
		return c.helpers[fn]
	}
	return c.importedHelper(fn)
}

// importedHelper returns the fact of an imported helper of the same
// analyzed code, or nil: reports never go through the standard library or
// third-party modules.
func (c *checker) importedHelper(fn *types.Func) *helperFact {
	var h helperFact
	if !c.pass.ImportObjectFact(fn, &h) || h.Code != c.module {
		return nil
	}
	return &h
}
