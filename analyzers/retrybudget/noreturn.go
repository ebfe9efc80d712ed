package retrybudget

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/timeoutlint/timeoutlint/internal/typematch"
)

// Control-flow graphs are built on demand, only for the functions that hold
// a loop with a wait, instead of for every function of every package (the
// ctrlflow pass): in a CPU profile of "timeoutlint std", ctrlflow took
// 1.5 s of the 5.5 s the analyses cost, and its graphs 0.2 GB of the heap.
//
// What ctrlflow also provided is which calls never return (os.Exit,
// log.Fatal, a helper that panics), so that a loop's exit through one is
// seen. That knowledge is here: a list of the standard library's and popular
// loggers' functions, the package's own functions (from their graphs,
// built when a call needs the answer), and a noReturnFact for the functions
// of the analyzed code that importers call.

// noReturnFact marks a function of the analyzed code that never returns.
type noReturnFact struct{}

func (*noReturnFact) AFact()         {}
func (*noReturnFact) String() string { return "noreturn" }

// cfgOf returns the control-flow graph of a function's body (fn is an
// *ast.FuncDecl or *ast.FuncLit), built on first use; nil without a body.
func (c *checker) cfgOf(fn ast.Node) *cfg.CFG {
	if g, ok := c.cfgs[fn]; ok {
		return g
	}
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	var g *cfg.CFG
	if body != nil {
		c.cfgs[fn] = nil // a call of fn while its graph is built (recursion) may return
		g = cfg.New(body, c.mayReturn)
	}
	c.cfgs[fn] = g
	return g
}

// mayReturn reports whether a call may return; it is the graph builder's
// question.
func (c *checker) mayReturn(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return false
		}
	}
	fn := typematch.CalleeFunc(c.pass.TypesInfo, call)
	return fn == nil || !c.noReturn(fn)
}

// noReturn reports whether fn never returns.
func (c *checker) noReturn(fn *types.Func) bool {
	if knownNoReturn(fn) {
		return true
	}
	if fn.Pkg() != c.pass.Pkg {
		return fn.Pkg() != nil && c.pass.ImportObjectFact(fn, new(noReturnFact))
	}
	switch c.noRet[fn] {
	case 1:
		return true
	case -1, 2:
		return false // no, or a cycle of calls: the cycle may return
	}
	decl := c.funcDecls[fn]
	if decl == nil {
		return false // no body (assembly, linkname), or an interface method
	}
	c.noRet[fn] = 2
	res := false
	if c.maybeNoReturn(decl) {
		// No graph while fn's own graph is being built (a call of fn inside
		// fn, met first through a loop of fn): then fn may return.
		if g := c.cfgOf(decl); g != nil {
			res = g.NoReturn()
		}
	}
	c.noRet[fn] = boolMemo(res)
	return res
}

// exportNoReturnFacts exports a noReturnFact for each function of the
// package that never returns. The standard library exports none (known
// functions are listed in knownNoReturn; facts never cross into it).
func (c *checker) exportNoReturnFacts() {
	if c.isStd() {
		return
	}
	for fn := range c.funcDecls {
		if !isEntryPoint(fn) && !c.rep.Index().IsTest(fn.Pos()) && c.noReturn(fn) {
			c.pass.ExportObjectFact(fn, new(noReturnFact))
		}
	}
}

// funcDecls maps the package's functions to their declarations with a body.
func funcDecls(pass *analysis.Pass) map[*types.Func]*ast.FuncDecl {
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	return decls
}

// maybeNoReturn is the cheap test before a function's graph is built for
// its fact: a function that never returns ends with a statement that does
// not complete (a call that does not return, a loop without a condition, a
// select, a goto) or with a compound statement that may hold one; it does
// not end with a return or a plain statement.
func (c *checker) maybeNoReturn(decl *ast.FuncDecl) bool {
	if decl.Body == nil || len(decl.Body.List) == 0 {
		return false
	}
	switch last := decl.Body.List[len(decl.Body.List)-1].(type) {
	case *ast.ExprStmt:
		call, ok := ast.Unparen(last.X).(*ast.CallExpr)
		return ok && !c.mayReturn(call)
	case *ast.ForStmt:
		return last.Cond == nil
	case *ast.SelectStmt, *ast.BlockStmt, *ast.IfStmt, *ast.SwitchStmt,
		*ast.TypeSwitchStmt, *ast.LabeledStmt, *ast.BranchStmt:
		return true
	}
	return false
}

// knownNoReturn reports whether fn is a function known never to return:
// it ends the program or the goroutine, or panics.
func knownNoReturn(fn *types.Func) bool {
	return typematch.IsFunctionNamed(fn, "os", "Exit") ||
		typematch.IsFunctionNamed(fn, "syscall", "Exit") ||
		typematch.IsFunctionNamed(fn, "runtime", "Goexit") ||
		typematch.IsFunctionNamed(fn, "log", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		typematch.IsMethodNamed(fn, "log", "Logger", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		// (*testing.T).Fatal and friends are promoted from testing.common.
		typematch.IsMethodNamed(fn, "testing", "common", "FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf") ||
		typematch.IsMethodNamed(fn, "testing", "TB", "FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf") ||
		// Popular loggers, as staticcheck and ctrlflow list them.
		typematch.IsMethodNamed(fn, "go.uber.org/zap", "Logger", "Fatal", "Panic") ||
		typematch.IsMethodNamed(fn, "go.uber.org/zap", "SugaredLogger", "Fatal", "Fatalw", "Fatalf", "Panic", "Panicw", "Panicf") ||
		typematch.IsMethodNamed(fn, "github.com/sirupsen/logrus", "Logger", "Exit", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		typematch.IsMethodNamed(fn, "github.com/sirupsen/logrus", "Entry", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		typematch.IsFunctionNamed(fn, "github.com/sirupsen/logrus", "Exit", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		typematch.IsFunctionNamed(fn, "github.com/golang/glog", "Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln") ||
		typematch.IsFunctionNamed(fn, "k8s.io/klog", "Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln") ||
		typematch.IsFunctionNamed(fn, "k8s.io/klog/v2", "Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln")
}
