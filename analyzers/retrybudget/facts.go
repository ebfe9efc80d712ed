package retrybudget

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/types"
	"path/filepath"
	"strings"
	"time"

	"github.com/timeoutlint/timeoutlint/internal/scope"
)

// sleepsFact marks a function that blocks on a timer without watching any
// context: a call of it is a wait where it is called. Functions with an
// incoming context whose only waits are in loops are not marked: those
// waits are reported inside them.
type sleepsFact struct {
	Const   time.Duration // the longest constant wait; 0 if none
	Param   int           // index of the parameter the function sleeps for, or -1
	Unknown bool          // some wait lasts a time that is neither constant nor a parameter
}

func (*sleepsFact) AFact() {}

func (f *sleepsFact) String() string {
	switch {
	case f.Unknown:
		return "sleeps"
	case f.Param >= 0 && f.Const > 0:
		return fmt.Sprintf("sleeps(param %d, %v)", f.Param, f.Const)
	case f.Param >= 0:
		return fmt.Sprintf("sleeps(param %d)", f.Param)
	}
	return fmt.Sprintf("sleeps(%v)", f.Const)
}

// waitsCtxFact marks a function that takes a context and waits only in ways
// the context can interrupt (a select on ctx.Done(), budget.Sleep): a call
// of it that passes a live context observes that context.
type waitsCtxFact struct{}

func (*waitsCtxFact) AFact()         {}
func (*waitsCtxFact) String() string { return "waitsctx" }

// hasSleepersFact marks a package that declares functions with a
// sleepsFact, so that the fast path knows its importers may call them.
type hasSleepersFact struct{}

func (*hasSleepersFact) AFact()         {}
func (*hasSleepersFact) String() string { return "hassleepers" }

// inProgress marks a function whose fact is being computed (recursion).
var inProgress = new(sleepsFact)

// sleeps returns the sleepsFact of fn, computing it for functions of the
// package, or nil when fn does not sleep uninterruptibly.
func (c *checker) sleeps(fn *types.Func) *sleepsFact {
	if c.sleepMemo == nil {
		c.sleepMemo = make(map[*types.Func]*sleepsFact)
	}
	if s, ok := c.sleepMemo[fn]; ok {
		if s == inProgress {
			return nil // recursion: the other calls decide
		}
		return s
	}
	cur, local := c.idx.decls[fn]
	if !local {
		var f sleepsFact
		if fn.Pkg() != c.pass.Pkg && c.sameModule(fn.Pkg()) && c.pass.ImportObjectFact(fn, &f) {
			c.sleepMemo[fn] = &f
			return &f
		}
		c.sleepMemo[fn] = nil
		return nil
	}
	c.sleepMemo[fn] = inProgress
	hasCtx := len(c.origins.Incoming(cur)) > 0
	var res *sleepsFact
	for _, e := range c.idx.byFunc[cur.Node()] {
		var d duration
		switch {
		case hasCtx && e.inLoop:
			continue // reported inside fn when it ignores the context
		case e.kind == evWait:
			d = e.dur
		case e.kind == evCall:
			s := c.sleeps(e.callee)
			if s == nil {
				continue
			}
			d = c.callDuration(s, e.node.(*ast.CallExpr), cur)
		default:
			continue
		}
		if res == nil {
			res = &sleepsFact{Param: -1}
		}
		m := merge(duration{Const: res.Const, Param: res.Param, Unknown: res.Unknown}, d)
		res.Const, res.Param, res.Unknown = m.Const, m.Param, m.Unknown
	}
	c.sleepMemo[fn] = res
	return res
}

// waitsCtx reports whether fn takes a context and waits only on it.
func (c *checker) waitsCtx(fn *types.Func) bool {
	if c.ctxMemo == nil {
		c.ctxMemo = make(map[*types.Func]int8)
	}
	switch c.ctxMemo[fn] {
	case 1:
		return true
	case -1, 2:
		return false // no, or recursion
	}
	cur, local := c.idx.decls[fn]
	if !local {
		ok := fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(waitsCtxFact))
		c.ctxMemo[fn] = boolMemo(ok)
		return ok
	}
	c.ctxMemo[fn] = 2
	ok := false
	if len(c.origins.Incoming(cur)) > 0 {
		for _, e := range c.idx.byFunc[cur.Node()] {
			switch e.kind {
			case evWait:
				ok = false
				goto done // an uninterruptible wait anywhere
			case evObserve:
				ok = ok || e.done
			case evCall:
				if c.sleeps(e.callee) != nil {
					ok = false
					goto done
				}
				if c.waitsCtx(e.callee) && c.passesLiveContext(e.node.(*ast.CallExpr)) {
					ok = true
				}
			}
		}
	}
done:
	c.ctxMemo[fn] = boolMemo(ok)
	return ok
}

func boolMemo(b bool) int8 {
	if b {
		return 1
	}
	return -1
}

// exportFacts exports the facts of the package's functions. The standard
// library exports none: interprocedural findings stop at the analyzed code,
// and a wait deep inside a standard library call is not the caller's loop
// waiting.
func (c *checker) exportFacts() {
	if c.isStd() {
		return
	}
	c.exportNoReturnFacts() // (an endless loop that sleeps has both facts)
	sleepers := false
	for fn := range c.idx.decls {
		if isEntryPoint(fn) || c.rep.Index().IsTest(fn.Pos()) {
			continue // never called, or callable only from the package's tests
		}
		if s := c.sleeps(fn); s != nil {
			c.pass.ExportObjectFact(fn, s)
			sleepers = true
		} else if c.waitsCtx(fn) {
			c.pass.ExportObjectFact(fn, new(waitsCtxFact))
		}
	}
	if sleepers {
		c.pass.ExportPackageFact(new(hasSleepersFact))
	}
}

// isStd reports whether the package belongs to the standard library: its
// files are under GOROOT/src.
func (c *checker) isStd() bool {
	if len(c.pass.Files) == 0 || build.Default.GOROOT == "" {
		return false
	}
	name := c.pass.Fset.File(c.pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, filepath.Join(build.Default.GOROOT, "src")+string(filepath.Separator))
}

// sameModule reports whether pkg belongs to the analyzed code (internal/scope).
// Facts about helpers elsewhere are not used: findings stop at the analyzed
// code.
func (c *checker) sameModule(pkg *types.Package) bool {
	return scope.Of(c.pass, nil).Contains(pkg.Path())
}

// isEntryPoint reports whether fn is main.main or an init function.
func isEntryPoint(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		return false
	}
	return fn.Name() == "init" || fn.Name() == "main" && fn.Pkg().Name() == "main"
}
