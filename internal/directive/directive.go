// Package directive implements the one suppression syntax shared by every
// timeoutlint analyzer:
//
//	//timeoutlint:ignore <analyzer>[,<analyzer>...] <reason>
//
// on the line of a finding or on the line above silences that analyzer's
// findings on that line. The reason is required. A malformed directive (no
// analyzer, an unknown analyzer, no reason) is itself reported, once, by the
// first known analyzer it names (nohttptimeout when it names none; in a
// _test.go file only when that analyzer reports in tests), and a
// directive that silences nothing is reported when the analyzer's
// unused-ignores flag is on.
//
// Directives are parsed once per package by [Analyzer], whose result every
// timeoutlint analyzer shares through a [Reporter]. The Reporter also drops
// findings in generated files and, unless asked otherwise, in _test.go files,
// and tells the analyzer when nothing it finds will be shown: a dependency
// analyzed only for its facts ([Reporter.FactsOnly]).
package directive

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// Prefix starts every directive comment.
const Prefix = "//timeoutlint:ignore"

// KnownNames lists the analyzers a directive may name. The analyzers test
// checks that it matches analyzers.All.
var KnownNames = []string{"nohttptimeout", "ctxdeadline", "retrybudget", "grpcdeadline"}

// fallbackReporter reports malformed directives that name no known analyzer.
const fallbackReporter = "nohttptimeout"

// Categories of the diagnostics about directives themselves.
const (
	CategoryMalformed = "malformed-ignore"
	CategoryUnused    = "unused-ignore"
)

// Analyzer parses the directives of a package. It reports nothing; its
// result is an *Index.
var Analyzer = &analysis.Analyzer{
	Name:             "timeoutlintdirective",
	Doc:              "parse //timeoutlint:ignore directives for the timeoutlint analyzers",
	URL:              "https://github.com/timeoutlint/timeoutlint#suppressing-a-finding",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Index](),
}

// A Directive is one //timeoutlint:ignore comment.
type Directive struct {
	Pos     token.Pos // start of the comment
	End     token.Pos // end of the comment
	Line    int       // line of the comment
	Names   []string  // analyzers named
	Reason  string    // required justification
	Problem string    // non-empty when the directive is malformed
	owner   string    // analyzer that reports it when malformed
}

// Index holds the directives of one package and which files are generated
// or tests. It is read-only after construction and safe for concurrent use.
type Index struct {
	fset      *token.FileSet
	byLine    map[fileLine][]*Directive
	all       []*Directive
	generated map[*token.File]bool
	tests     map[*token.File]bool
}

type fileLine struct {
	file *token.File
	line int
}

func run(pass *analysis.Pass) (any, error) {
	idx := &Index{
		fset:      pass.Fset,
		byLine:    make(map[fileLine][]*Directive),
		generated: make(map[*token.File]bool),
		tests:     make(map[*token.File]bool),
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil {
			continue
		}
		if ast.IsGenerated(f) {
			idx.generated[tf] = true
		}
		if strings.HasSuffix(tf.Name(), "_test.go") {
			idx.tests[tf] = true
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if d := parse(c.Text); d != nil {
					d.Pos, d.End = c.Pos(), c.End()
					d.Line = tf.Line(c.Pos())
					idx.all = append(idx.all, d)
					k := fileLine{tf, d.Line}
					idx.byLine[k] = append(idx.byLine[k], d)
				}
			}
		}
	}
	return idx, nil
}

// parse parses a comment's text, returning nil if it is not a directive.
func parse(text string) *Directive {
	rest, ok := strings.CutPrefix(text, Prefix)
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil // not ours (e.g. //timeoutlint:ignored)
	}
	d := &Directive{owner: fallbackReporter}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		d.Problem = "names no analyzer; write //timeoutlint:ignore <analyzer> <reason>"
		return d
	}
	var unknown []string
	for n := range strings.SplitSeq(fields[0], ",") {
		if n == "" {
			continue
		}
		d.Names = append(d.Names, n)
		if !slices.Contains(KnownNames, n) {
			unknown = append(unknown, n)
		}
	}
	for _, n := range d.Names {
		if slices.Contains(KnownNames, n) {
			d.owner = n
			break
		}
	}
	// The reason may be written nolint-style, after "//".
	d.Reason = strings.TrimSpace(strings.TrimPrefix(strings.Join(fields[1:], " "), "//"))
	switch {
	case len(d.Names) == 0:
		d.Problem = "names no analyzer; write //timeoutlint:ignore <analyzer> <reason>"
	case len(unknown) > 0:
		d.Problem = "names unknown analyzer " + strings.Join(unknown, ", ") + "; known: " + strings.Join(KnownNames, ", ")
	case d.Reason == "":
		d.Problem = "needs a reason after the analyzer name"
	}
	return d
}

// All returns the package's directives in source order.
func (idx *Index) All() []*Directive { return idx.all }

// IsGenerated reports whether pos is in a generated file.
func (idx *Index) IsGenerated(pos token.Pos) bool { return idx.generated[idx.fset.File(pos)] }

// IsTest reports whether pos is in a _test.go file.
func (idx *Index) IsTest(pos token.Pos) bool { return idx.tests[idx.fset.File(pos)] }

// find returns the well-formed directive naming name that covers pos: one
// on pos's line or on the line above.
func (idx *Index) find(pos token.Pos, name string) *Directive {
	tf := idx.fset.File(pos)
	if tf == nil {
		return nil
	}
	line := tf.Line(pos)
	for _, l := range [2]int{line, line - 1} {
		for _, d := range idx.byLine[fileLine{tf, l}] {
			if d.Problem == "" && slices.Contains(d.Names, name) {
				return d
			}
		}
	}
	return nil
}

// Options control what a Reporter lets through.
type Options struct {
	Tests         bool // report findings in _test.go files
	UnusedIgnores bool // report directives naming the analyzer that silenced nothing
}

// A Reporter filters one analyzer's diagnostics through the directives,
// generated-file and test-file rules. It is not safe for concurrent use.
type Reporter struct {
	pass *analysis.Pass
	idx  *Index
	name string
	opts Options
	used map[*Directive]bool
}

// NewReporter returns a Reporter for pass's analyzer. The analyzer must
// require [Analyzer].
func NewReporter(pass *analysis.Pass, opts Options) *Reporter {
	idx, ok := pass.ResultOf[Analyzer].(*Index)
	if !ok {
		panic("internal error: analyzer " + pass.Analyzer.Name + " does not require directive.Analyzer")
	}
	return &Reporter{pass: pass, idx: idx, name: pass.Analyzer.Name, opts: opts, used: make(map[*Directive]bool)}
}

// factsOnly holds the driver's answer to Reporter.FactsOnly (SetFactsOnly).
var factsOnly atomic.Pointer[func(*types.Package) bool]

// SetFactsOnly tells every Reporter which packages the driver analyzes only
// for their facts: it will show none of their findings. Drivers call it
// before the analysis starts. Nil, the default (analysistest, golangci-lint,
// -fix), shows every package's findings.
func SetFactsOnly(f func(*types.Package) bool) {
	if f == nil {
		factsOnly.Store(nil)
		return
	}
	factsOnly.Store(&f)
}

// FactsOnly reports whether the driver shows none of the package's
// findings: it is a dependency of the requested packages, analyzed only for
// the facts its importers read (a VetxOnly package under go vet, a
// package outside the patterns in the standalone driver). Analyzers then
// export their facts and skip the checks that only report; the facts must
// be the same either way.
func (r *Reporter) FactsOnly() bool {
	f := factsOnly.Load()
	return f != nil && (*f)(r.pass.Pkg)
}

// Index returns the directive index the reporter consults.
func (r *Reporter) Index() *Index { return r.idx }

// OnlyTests reports whether every file of the package is a _test.go file
// while test files are not reported (an external test package, or a
// directory of tests only): nothing the analyzer finds there can be
// reported, and no package that the analyzed code imports is made of them,
// so their facts are of no use either. Analyzers return at once.
func (r *Reporter) OnlyTests() bool {
	if r.opts.Tests || len(r.pass.Files) == 0 {
		return false
	}
	for _, f := range r.pass.Files {
		if !r.idx.IsTest(f.Pos()) {
			return false
		}
	}
	return true
}

// Skip reports whether findings at pos are dropped before any directive is
// consulted: generated files always, test files unless Options.Tests.
func (r *Reporter) Skip(pos token.Pos) bool {
	return r.idx.IsGenerated(pos) || !r.opts.Tests && r.idx.IsTest(pos)
}

// Report reports d unless it is skipped or suppressed.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Skip(d.Pos) {
		return
	}
	if dir := r.idx.find(d.Pos, r.name); dir != nil {
		r.used[dir] = true
		return
	}
	r.pass.Report(d)
}

// Finish reports malformed directives owned by this analyzer and, with
// Options.UnusedIgnores, directives naming it that silenced nothing. Call it
// once at the end of the analyzer's run, also on fast paths that report
// nothing.
func (r *Reporter) Finish() {
	if r.FactsOnly() {
		return
	}
	for _, d := range r.idx.all {
		switch {
		case d.Problem != "":
			// Not in test files unless Options.Tests: without it, the
			// standalone driver does not even load them.
			if d.owner == r.name && !r.Skip(d.Pos) {
				r.pass.Report(analysis.Diagnostic{
					Pos: d.Pos, End: d.End, Category: CategoryMalformed,
					Message: "malformed timeoutlint:ignore directive: " + d.Problem,
				})
			}
		case r.opts.UnusedIgnores && slices.Contains(d.Names, r.name) && !r.used[d] && !r.Skip(d.Pos):
			r.pass.Report(analysis.Diagnostic{
				Pos: d.Pos, End: d.End, Category: CategoryUnused,
				Message: "timeoutlint:ignore directive for " + r.name + " silences nothing; remove it",
			})
		}
	}
}
