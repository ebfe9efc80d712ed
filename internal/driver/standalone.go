package driver

import (
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/timeoutlint/timeoutlint/internal/directive"
	"github.com/timeoutlint/timeoutlint/internal/output"
)

const (
	formatFlag      = "format"
	newFromRevFlag  = "new-from-rev"
	formatUsage     = "output `format`: text (on stderr), json, sarif, github or rdjson (on stdout); exit status 3 when there are findings (standalone only, not through go vet)"
	newFromRevUsage = "report only findings on lines added or changed since git revision `REV`: committed, uncommitted or in untracked files (standalone only, not through go vet)"

	informationURI = "https://github.com/timeoutlint/timeoutlint"
)

// formats lists the -format values.
var formats = []string{"text", "json", "sarif", "github", "rdjson"}

// Exit statuses.
const (
	exitClean    = 0
	exitFailure  = 1
	exitUsage    = 2 // the command line cannot be parsed, as in multichecker
	exitFindings = 3
)

// usageError is a command line that cannot be parsed.
type usageError struct{ error }

// multicheckerOnly lists the multichecker flags that the standalone driver
// does not support, and whether each is boolean. The parser accepts them so
// that the error can say why they are refused.
var multicheckerOnly = map[string]bool{
	"fix": true, "diff": true, "V": true, "flags": true, "debug": false,
}

type options struct {
	format     string
	newFromRev string
	legacyJSON bool // -json: multichecker's JSON with its exit status 0
	tests      bool
	context    int
	analyzers  []*analysis.Analyzer
	patterns   []string

	cpuProfile, memProfile, trace string // output files, as in multichecker
}

// runStandalone is the driver for package patterns: every command line but
// go vet's protocol, help, -fix and -diff (see Main). It returns the exit
// status.
func runStandalone(args []string, all []*analysis.Analyzer, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, all, stderr)
	if err == flag.ErrHelp {
		return exitClean
	}
	if err != nil {
		fmt.Fprintf(stderr, "timeoutlint: %v\n", err)
		if _, ok := err.(usageError); ok {
			return exitUsage
		}
		return exitFailure
	}
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "timeoutlint: %v\n", err)
		return exitFailure
	}
	var changed *changedLines
	if opts.newFromRev != "" {
		// Before loading, so that a bad revision fails fast.
		if changed, err = gitChangedLines(cwd, opts.newFromRev); err != nil {
			fmt.Fprintf(stderr, "timeoutlint: -%s: %v\n", newFromRevFlag, err)
			return exitFailure
		}
	}

	stop, writeHeap, err := startProfiling(opts)
	if err != nil {
		fmt.Fprintf(stderr, "timeoutlint: %v\n", err)
		return exitFailure
	}
	defer func() {
		if err := stop(); err != nil {
			fmt.Fprintf(stderr, "timeoutlint: %v\n", err)
		}
	}()

	pkgs, err := load(opts)
	if err != nil {
		fmt.Fprintf(stderr, "timeoutlint: %v\n", err)
		return exitFailure
	}
	// Packages outside the patterns are analyzed for their facts only.
	roots := make(map[*types.Package]bool, len(pkgs))
	for _, p := range pkgs {
		roots[p.Types] = true
	}
	directive.SetFactsOnly(func(pkg *types.Package) bool { return !roots[pkg] })
	defer directive.SetFactsOnly(nil)
	graph, err := checker.Analyze(opts.analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "timeoutlint: %v\n", err)
		return exitFailure
	}
	if err := writeHeap(); err != nil {
		fmt.Fprintf(stderr, "timeoutlint: -memprofile: %v\n", err)
		return exitFailure
	}
	failed := reportErrors(stderr, pkgs, graph)
	if changed != nil {
		changed.filter(graph)
	}

	var nfindings int
	if opts.format == "json" {
		for _, act := range graph.Roots {
			nfindings += len(act.Diagnostics)
		}
		err = graph.PrintJSON(stdout)
	} else {
		report := newReport(cwd, findings(graph), opts.analyzers)
		nfindings = len(report.Findings)
		switch opts.format {
		case "text":
			err = output.WriteText(stderr, report, opts.context)
		case "sarif":
			err = output.WriteSARIF(stdout, report)
		case "github":
			err = output.WriteGitHub(stdout, report)
		case "rdjson":
			err = output.WriteRDJSON(stdout, report)
		}
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "timeoutlint: writing %s output: %v\n", opts.format, err)
		return exitFailure
	case failed:
		return exitFailure
	case nfindings > 0 && !opts.legacyJSON:
		return exitFindings
	}
	return exitClean
}

// parseFlags parses the standalone command line: the new flags plus the
// multichecker flags that make sense here, with the same meaning.
func parseFlags(args []string, all []*analysis.Analyzer, stderr io.Writer) (*options, error) {
	opts := &options{tests: true, context: -1}
	fs := flag.NewFlagSet("timeoutlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported on one line by the caller
	fs.Usage = func() {}
	fs.StringVar(&opts.format, formatFlag, "", formatUsage)
	fs.StringVar(&opts.newFromRev, newFromRevFlag, "", newFromRevUsage)
	fs.BoolVar(&opts.legacyJSON, "json", false, "emit JSON output, with exit status 0 even when there are findings (as multichecker)")
	fs.BoolVar(&opts.tests, "test", true, "indicates whether test files should be analyzed, too (only loaded when an analyzer reports in them: -<analyzer>.tests)")
	fs.IntVar(&opts.context, "c", -1, "with -format text, display offending line with this many lines of context")
	fs.StringVar(&opts.cpuProfile, "cpuprofile", "", "write CPU profile to this file")
	fs.StringVar(&opts.memProfile, "memprofile", "", "write memory profile to this file")
	fs.StringVar(&opts.trace, "trace", "", "write trace log to this file")
	for _, name := range []string{"source", "v", "all"} {
		fs.Bool(name, false, "no effect (deprecated)")
	}
	fs.String("tags", "", "no effect (deprecated)")
	unsupported := make(map[string]*string)
	for name, isBool := range multicheckerOnly {
		unsupported[name] = new(string)
		fs.Var(anyValue{unsupported[name], isBool}, name, "not available with -format or -new-from-rev")
	}
	enabled := make(map[*analysis.Analyzer]*triState)
	for _, a := range all {
		enabled[a] = new(triState)
		fs.Var(enabled[a], a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}

	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			printUsage(fs, stderr)
			return nil, err
		}
		return nil, usageError{err}
	}
	var setUnsupported []string
	fs.Visit(func(f *flag.Flag) {
		if v, ok := unsupported[f.Name]; ok && *v != "false" {
			setUnsupported = append(setUnsupported, "-"+f.Name)
		}
	})
	if len(setUnsupported) > 0 {
		return nil, fmt.Errorf("%s cannot be combined with -%s or -%s; run without them", strings.Join(setUnsupported, ", "), formatFlag, newFromRevFlag)
	}
	switch {
	case opts.legacyJSON && opts.format == "":
		opts.format = "json"
	case opts.legacyJSON && opts.format != "json":
		return nil, fmt.Errorf("-json conflicts with -%s %s", formatFlag, opts.format)
	case opts.format == "":
		opts.format = "text"
	}
	if !slices.Contains(formats, opts.format) {
		return nil, fmt.Errorf("unknown -%s %q (want one of %s)", formatFlag, opts.format, strings.Join(formats, ", "))
	}
	if strings.HasPrefix(opts.newFromRev, "-") {
		return nil, fmt.Errorf("-%s %q: a revision cannot start with '-'", newFromRevFlag, opts.newFromRev)
	}

	opts.patterns = fs.Args()
	switch {
	case len(opts.patterns) == 0:
		return nil, errors.New("no packages given (usage: timeoutlint [flags] <packages>)")
	case opts.patterns[0] == "help":
		return nil, fmt.Errorf("help cannot be combined with -%s or -%s; run: timeoutlint help", formatFlag, newFromRevFlag)
	case len(opts.patterns) == 1 && strings.HasSuffix(opts.patterns[0], ".cfg"):
		return nil, fmt.Errorf("-%s and -%s are not available in go vet mode", formatFlag, newFromRevFlag)
	}
	for _, p := range opts.patterns {
		if strings.HasPrefix(p, "-") {
			return nil, usageError{fmt.Errorf("flag %s after the packages: flags must come first", p)}
		}
	}
	opts.analyzers = enabledAnalyzers(all, enabled)
	opts.tests = opts.tests && reportInTests(opts.analyzers)
	return opts, nil
}

// reportInTests reports whether any of the analyzers may report in _test.go
// files. The timeoutlint analyzers do not unless their "tests" flag is set
// (tests use Background, DefaultClient and local servers on purpose); an
// analyzer without that flag, such as the harness's floors, may. When none
// may, the test packages are not loaded at all: type-checking them would
// cost time and memory for findings that are then dropped (on the standard
// library, test variants are two thirds of the packages).
func reportInTests(analyzers []*analysis.Analyzer) bool {
	for _, a := range analyzers {
		f := a.Flags.Lookup("tests")
		if f == nil {
			return true
		}
		if on, err := strconv.ParseBool(f.Value.String()); err != nil || on {
			return true
		}
	}
	return false
}

// printUsage lists the flags of fs except the refused multichecker ones.
func printUsage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: timeoutlint [-format text|json|sarif|github|rdjson] [-new-from-rev REV] [flags] <packages>\n\n")
	shown := flag.NewFlagSet("", flag.ContinueOnError)
	fs.VisitAll(func(f *flag.Flag) {
		if _, refused := multicheckerOnly[f.Name]; !refused {
			shown.Var(f.Value, f.Name, f.Usage)
		}
	})
	shown.SetOutput(w)
	shown.PrintDefaults()
}

// enabledAnalyzers applies multichecker's rule: if any -NAME flag is true,
// run only those; otherwise run all but those set to false.
func enabledAnalyzers(all []*analysis.Analyzer, enabled map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	var anyTrue bool
	for _, ts := range enabled {
		anyTrue = anyTrue || *ts == setTrue
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		if anyTrue && *enabled[a] == setTrue || !anyTrue && *enabled[a] != setFalse {
			keep = append(keep, a)
		}
	}
	return keep
}

// load loads the packages to analyze, returning the requested ones.
//
// multichecker parses and type-checks every dependency from source as soon
// as one analyzer uses facts, so that facts can flow through the standard
// library and third-party modules. timeoutlint's analyses stop at the
// analyzed code (DESIGN.md: interprocedural reports never go inside nor
// through the standard library or third-party modules), so load does less:
// the requested packages and the packages of their modules that they import
// get syntax and types from source; everything else gets types from export
// data only, and import edges to it are cut, so that no analyzer runs there.
// That keeps facts flowing inside the analyzed modules at a fraction of the
// cost (see docs/performance.md).
func load(opts *options) ([]*packages.Package, error) {
	// The import graph first (go list only: no parsing or type checking), to
	// find the packages of the analyzed modules that the requested ones import.
	graphConf := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedModule, Tests: opts.tests}
	initial, err := packages.Load(graphConf, opts.patterns...)
	if err != nil {
		return nil, err
	}
	if len(initial) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(opts.patterns, " "))
	}
	requested := make(map[string]bool)
	analyzed := make(map[string]bool) // module keys of the requested packages
	for _, p := range initial {
		requested[p.ID] = true
		analyzed[moduleKey(p)] = true
	}
	var extra []string
	seen := make(map[string]bool)
	packages.Visit(initial, nil, func(p *packages.Package) {
		if !requested[p.ID] && !seen[p.PkgPath] && analyzed[moduleKey(p)] && p.PkgPath != "" && !strings.HasSuffix(p.PkgPath, ".test") {
			seen[p.PkgPath] = true
			extra = append(extra, p.PkgPath)
		}
	})

	conf := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: opts.tests}
	pkgs, err := packages.Load(conf, append(slices.Clone(opts.patterns), extra...)...)
	if err != nil {
		return nil, err
	}
	// Cut the edges to packages loaded from export data: analyzers that use
	// facts would otherwise run on them without syntax.
	var roots []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for path, imp := range p.Imports {
			if len(imp.Syntax) == 0 && imp.TypesInfo == nil {
				delete(p.Imports, path)
			}
		}
		if requested[p.ID] {
			roots = append(roots, p)
		}
	})
	if len(roots) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(opts.patterns, " "))
	}
	return roots, nil
}

// moduleKey names the code base a package belongs to: its module path, the
// standard library, or GOPATH.
func moduleKey(p *packages.Package) string {
	switch {
	case p.Module != nil:
		return "module " + p.Module.Path
	case !strings.Contains(strings.SplitN(p.PkgPath, "/", 2)[0], "."):
		return "std" // also GOPATH packages without a dot: one code base either way
	}
	return "gopath"
}

// reportErrors prints each package error once, as "timeoutlint: <package>:
// <error>", then the errors of analyses of packages without package errors.
// It reports whether there was any error.
func reportErrors(w io.Writer, pkgs []*packages.Package, graph *checker.Graph) bool {
	seen := make(map[string]bool)
	print := func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		line = strings.ReplaceAll(line, "\n", " ") // one error per line
		if !seen[line] {
			seen[line] = true
			fmt.Fprintln(w, line)
		}
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && p.Module.Error != nil {
			print("timeoutlint: module %s: %s", p.Module.Path, p.Module.Error.Err)
		}
		for _, e := range p.Errors {
			if isCompilerEcho(e, p.Errors) {
				continue
			}
			print("timeoutlint: %s: %v", p.PkgPath, e)
		}
	})
	failed := len(seen) > 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			failed = true
			if len(act.Package.Errors) == 0 {
				print("timeoutlint: %s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			}
		}
	}
	return failed
}

// isCompilerEcho reports whether e is the compiler's report ("# pkg" then
// its errors) of a package that go list tried to build for export data,
// repeating type or parse errors that errs already has.
func isCompilerEcho(e packages.Error, errs []packages.Error) bool {
	if e.Kind != packages.ListError || !strings.HasPrefix(e.Msg, "# ") {
		return false
	}
	for _, other := range errs {
		if other.Kind == packages.TypeError || other.Kind == packages.ParseError {
			return true
		}
	}
	return false
}

// findings converts the root diagnostics of graph, sorted and without duplicates.
func findings(graph *checker.Graph) []output.Finding {
	var out []output.Finding
	for _, act := range graph.Roots {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := output.Finding{
				Analyzer: act.Analyzer.Name,
				Category: d.Category,
				Message:  d.Message,
				Pos:      fset.Position(d.Pos),
				End:      fset.Position(d.End),
			}
			for _, rel := range d.Related {
				f.Related = append(f.Related, output.Related{Pos: fset.Position(rel.Pos), End: fset.Position(rel.End), Message: rel.Message})
			}
			for _, sf := range d.SuggestedFixes {
				fix := output.Fix{Message: sf.Message}
				for _, e := range sf.TextEdits {
					fix.Edits = append(fix.Edits, output.Edit{Pos: fset.Position(e.Pos), End: fset.Position(e.End), New: string(e.NewText)})
				}
				f.Fixes = append(f.Fixes, fix)
			}
			out = append(out, f)
		}
	}
	return output.Sort(out)
}

// newReport describes the findings for the writers. SARIF and GitHub paths
// are relative to the repository root (git's top level, or the current
// directory outside a repository), rdjson paths to the current directory.
func newReport(cwd string, fs []output.Finding, analyzers []*analysis.Analyzer) *output.Report {
	root := cwd
	if top, err := gitTopLevel(cwd); err == nil {
		root = inDirSpace(cwd, top)
	}
	byName := make(map[string]*analysis.Analyzer)
	for _, a := range analyzers {
		byName[a.Name] = a
	}
	rules := make(map[string]output.Rule)
	for _, f := range fs {
		a := byName[f.Analyzer]
		if _, ok := rules[f.RuleID()]; ok || a == nil {
			continue
		}
		rule := output.RuleFromDoc(a.Name, f.Category, a.Doc, a.URL)
		if rule.HelpURI == "" {
			rule.HelpURI = informationURI + "#readme"
		}
		rules[rule.ID] = rule
	}
	return &output.Report{
		Tool:     output.Tool{Name: "timeoutlint", Version: version(), InformationURI: informationURI},
		Findings: fs,
		Rules:    rules,
		Root:     root,
		WorkDir:  cwd,
	}
}

// inDirSpace expresses dir, a path without symbolic links such as git
// prints, relative to cwd's spelling, which may go through a link (as do the
// file names that go/packages reports).
func inDirSpace(cwd, dir string) string {
	realCwd, err := filepath.EvalSymlinks(cwd)
	if err != nil {
		return dir
	}
	rel, err := filepath.Rel(realCwd, dir)
	if err != nil {
		return dir
	}
	return filepath.Join(cwd, rel)
}

// version returns the module version timeoutlint was built from, or "devel".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// anyValue is a flag.Value that records its value, for flags that are only
// accepted to be refused with a clear message.
type anyValue struct {
	s      *string
	isBool bool
}

func (v anyValue) String() string {
	if v.s == nil {
		return ""
	}
	return *v.s
}
func (v anyValue) Set(s string) error { *v.s = s; return nil }
func (v anyValue) IsBoolFlag() bool   { return v.isBool }

// triState is a boolean flag that records whether it was set, as
// multichecker's analyzer enable flags.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}

func (ts *triState) String() string {
	if ts != nil && *ts == setFalse {
		return "false"
	}
	return "true"
}

func (ts *triState) IsBoolFlag() bool { return true }
