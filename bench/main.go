// Command bench is timeoutlint's performance harness. In one run on one
// machine it measures the wall time and peak memory (medians of -runs runs,
// after one warm-up run, with a warm build cache) of:
//
//   - timeoutlint with all analyzers, with its default flags (test files
//     are not reported, so test packages are not loaded) and with every
//     analyzer's -tests flag set (test packages loaded, as the floors do);
//   - the same driver with an analyzer that does nothing (the load floor,
//     bench/cmd/noopcheck) and with one that only requires buildssa (the SSA
//     floor, bench/cmd/ssacheck);
//   - golangci-lint v2.15.0 running noctx, contextcheck and gosec (installed
//     from the Go module proxy by the harness);
//   - go vet, and go vet -vettool with timeoutlint and with the no-op tool;
//
// over the standard library and real modules taken from the Go module proxy,
// and writes a table of ratios to the floors into docs/performance.md.
//
// Usage, from the repository root:
//
//	go run ./bench [-runs 3] [-corpora std,grpc,tools,net] [-out docs/performance.md]
//	go run ./bench -sweep [-corpora ...]
//
// With -sweep it runs the robustness sweep of docs/realworld.md instead:
// timeoutlint once on each corpus (also cmd, client_golang and client-go),
// with every analyzer reporting in test files, and prints the exit status,
// panics, load and analysis errors, and unique findings of each.
//
// The tools of a corpus are run in rounds (one run of each tool per round,
// the first round a warm-up, the order reversed every other round), so that
// a slow drift of the machine affects all of them alike rather than the
// last tools measured. The two go vet -vettool runs are neighbours in every
// round; their ratio is the median of the rounds' ratios, in wall and in CPU
// time.
//
// Peak memory is the largest resident set of any one process of the run (as
// reported by /usr/bin/time), so for go vet it is the largest vet tool or
// compiler process, not their sum.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A corpus is code to analyze: the standard library, or a module copied
// from the module cache into a writable directory.
type corpus struct {
	name    string
	module  string // module path@version; empty for std
	pattern string // package pattern to analyze
	dir     string // where to run
}

var corpora = []corpus{
	{name: "std", pattern: "std"},
	{name: "grpc", module: "google.golang.org/grpc@v1.85.0", pattern: "./..."},
	{name: "tools", module: "golang.org/x/tools@v0.52.0", pattern: "./..."},
	{name: "net", module: "golang.org/x/net@v0.61.0", pattern: "./..."},
}

// A tool is one measured command line; args may use {bin}, {pattern} and
// {run} (a counter that makes each go vet run miss vet's result cache while
// keeping its export data warm).
type tool struct {
	name string
	args []string
	env  []string
}

// sample is one measurement.
type sample struct {
	wall time.Duration
	cpu  time.Duration // user + system time of the process and its children
	rss  int64         // KiB
	exit int
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	runs := flag.Int("runs", 3, "timed runs per tool and corpus (the median is reported)")
	only := flag.String("corpora", "std,grpc,tools,net", "comma-separated corpora to measure")
	out := flag.String("out", "docs/performance.md", "where to write the results table")
	skipGolangci := flag.Bool("skip-golangci", false, "do not install and measure golangci-lint")
	doSweep := flag.Bool("sweep", false, "run the robustness sweep instead of timing")
	flag.Parse()

	work, err := os.MkdirTemp("", "timeoutlint-bench")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)
	bin := filepath.Join(work, "bin")

	for _, cmd := range []string{"./cmd/timeoutlint", "./bench/cmd/noopcheck", "./bench/cmd/ssacheck"} {
		must(run("", nil, "go", "build", "-o", filepath.Join(bin, filepath.Base(cmd)), cmd))
	}
	if *doSweep {
		var names []string
		if flagWasSet("corpora") {
			names = strings.Split(*only, ",")
		}
		must(sweep(os.Stdout, filepath.Join(bin, "timeoutlint"), work, names))
		return
	}
	golangci := ""
	if !*skipGolangci {
		log.Print("installing golangci-lint v2.15.0")
		must(run("", []string{"GOBIN=" + bin}, "go", "install", "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0"))
		golangci = filepath.Join(bin, "golangci-lint")
		cfg := "version: \"2\"\nlinters:\n  default: none\n  enable: [noctx, contextcheck, gosec]\n"
		must(os.WriteFile(filepath.Join(work, "golangci.yml"), []byte(cfg), 0o644))
	}

	var results []result
	var vets []vetPair
	for _, c := range corpora {
		if !slices.Contains(strings.Split(*only, ","), c.name) {
			continue
		}
		if err := prepare(work, &c); err != nil {
			log.Fatalf("preparing %s: %v", c.name, err)
		}
		ts := tools(bin, golangci, work, c)
		medians, rounds := measure(ts, c, *runs)
		for i, r := range medians {
			log.Printf("%-8s %-34s wall %6.1fs  cpu %6.1fs  rss %6d MiB  exit %d", c.name, ts[i].name, r.wall.Seconds(), r.cpu.Seconds(), r.rss/1024, r.exit)
			results = append(results, result{corpus: c.name, tool: ts[i].name, sample: r})
		}
		vets = append(vets, pairedVet(c.name, ts, rounds))
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		log.Fatal(err)
	}
	must(os.WriteFile(*out, []byte(report(results, vets, *runs)), 0o644))
	log.Printf("wrote %s", *out)
}

// prepare copies a module corpus out of the module cache into a writable
// directory and downloads its dependencies.
func prepare(work string, c *corpus) error {
	if c.module == "" {
		c.dir = work
		return nil
	}
	path, version, _ := strings.Cut(c.module, "@")
	if err := run("", nil, "go", "mod", "download", c.module); err != nil {
		return err
	}
	modcache, err := output("go", "env", "GOMODCACHE")
	if err != nil {
		return err
	}
	src := filepath.Join(modcache, escapePath(path)+"@"+version)
	c.dir = filepath.Join(work, "src", c.name)
	if err := os.MkdirAll(filepath.Dir(c.dir), 0o755); err != nil {
		return err
	}
	if err := run("", nil, "cp", "-r", src, c.dir); err != nil {
		return err
	}
	if err := run("", nil, "chmod", "-R", "u+w", c.dir); err != nil {
		return err
	}
	return run(c.dir, nil, "go", "mod", "download")
}

// escapePath applies the module cache's case encoding (!x for X).
func escapePath(p string) string {
	var b strings.Builder
	for _, r := range p {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func tools(bin, golangci, work string, c corpus) []tool {
	tl, noop, ssa := filepath.Join(bin, "timeoutlint"), filepath.Join(bin, "noopcheck"), filepath.Join(bin, "ssacheck")
	ts := []tool{
		{name: "timeoutlint", args: []string{tl, "{pattern}"}},
		{name: testsAnalyzed, args: []string{tl, "-nohttptimeout.tests", "-ctxdeadline.tests", "-retrybudget.tests", "-grpcdeadline.tests", "{pattern}"}},
		{name: "load floor (noopcheck)", args: []string{noop, "{pattern}"}},
		{name: "SSA floor (ssacheck)", args: []string{ssa, "{pattern}"}},
		{name: "go vet", args: []string{"go", "vet", "-printf.funcs=benchRun{run}", "{pattern}"}},
		// The run counter in an analyzer flag changes vet's cache key, so each
		// run analyzes every package while compiled export data stays warm.
		{name: vetTimeoutlint, args: []string{"go", "vet", "-vettool=" + tl, "-nohttptimeout.max={maxflag}", "{pattern}"}},
		{name: vetNoop, args: []string{"go", "vet", "-vettool=" + noop, "-noop.seed={run}", "{pattern}"}},
	}
	if golangci != "" && c.module != "" {
		ts = append(ts, tool{
			name: "golangci-lint (noctx, contextcheck, gosec)",
			args: []string{golangci, "run", "--config=" + filepath.Join(work, "golangci.yml"), "--issues-exit-code=0", "./..."},
			env:  []string{"GOLANGCI_LINT_CACHE={cache}"},
		})
	}
	return ts
}

// testsAnalyzed names the timeoutlint row that reports in test files.
const testsAnalyzed = "timeoutlint, tests analyzed (-*.tests)"

// measure runs the tools on c in rounds: one warm-up round, then runs timed
// rounds, the order of the tools reversed every other round so that no tool
// always follows the same one. It returns each tool's median wall time, CPU
// time and peak memory, and the timed samples of every round.
func measure(ts []tool, c corpus, runs int) ([]sample, [][]sample) {
	rounds := make([][]sample, 0, runs)
	exits := make([]int, len(ts))
	for round := 0; round <= runs; round++ {
		got := make([]sample, len(ts))
		for k := range ts {
			i := k
			if round%2 == 1 {
				i = len(ts) - 1 - k
			}
			got[i] = timed(ts[i], c, round)
			exits[i] = got[i].exit
		}
		if round > 0 { // round 0 warms up
			rounds = append(rounds, got)
		}
	}
	out := make([]sample, len(ts))
	for i := range ts {
		var walls, cpus []time.Duration
		var rsss []int64
		for _, r := range rounds {
			walls, cpus, rsss = append(walls, r[i].wall), append(cpus, r[i].cpu), append(rsss, r[i].rss)
		}
		out[i] = sample{wall: median(walls), cpu: median(cpus), rss: median(rsss), exit: exits[i]}
	}
	return out, rounds
}

func median[T int64 | time.Duration | float64](xs []T) T {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// runCounter numbers the timed runs. Vet's result cache outlives the
// harness, so the values derived from it also carry a number unique to this
// invocation (runBase): with a bare counter, a second invocation of the
// harness replayed the first one's vet results for std.
var (
	runCounter int
	runBase    = time.Now().UnixNano() % 1_000_000 * 1_000
)

func timed(t tool, c corpus, i int) sample {
	runCounter++
	cache, err := os.MkdirTemp("", "golangci-cache")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(cache)
	expand := func(s string) string {
		s = strings.ReplaceAll(s, "{pattern}", c.pattern)
		run := runBase + int64(runCounter)
		s = strings.ReplaceAll(s, "{run}", strconv.FormatInt(run, 10))
		s = strings.ReplaceAll(s, "{maxflag}", (10*time.Minute + time.Duration(run)).String())
		return strings.ReplaceAll(s, "{cache}", cache)
	}
	args := []string{"-f", "%e %M %U %S", "-o", filepath.Join(cache, "time")}
	for _, a := range t.args {
		args = append(args, expand(a))
	}
	cmd := exec.Command("/usr/bin/time", args...)
	cmd.Dir = c.dir
	cmd.Env = os.Environ()
	for _, e := range t.env {
		cmd.Env = append(cmd.Env, expand(e))
	}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	err = cmd.Run()
	exit := 0
	if ee, ok := err.(*exec.ExitError); ok {
		exit = ee.ExitCode()
	} else if err != nil {
		log.Fatalf("%s: %v", t.name, err)
	}
	// Exit 3 (findings) and 1 from go vet with findings are results, not
	// failures; a failure to load shows in the report's exit column.
	data, err := os.ReadFile(filepath.Join(cache, "time"))
	if err != nil {
		log.Fatalf("%s: reading /usr/bin/time output: %v\n%s", t.name, err, stderr.Bytes())
	}
	fields := strings.Fields(lastLine(string(data)))
	if len(fields) != 4 {
		log.Fatalf("%s: unexpected /usr/bin/time output %q", t.name, data)
	}
	var v [4]float64
	for i, f := range fields {
		if v[i], err = strconv.ParseFloat(f, 64); err != nil {
			log.Fatalf("%s: unexpected /usr/bin/time output %q", t.name, data)
		}
	}
	secs := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
	return sample{wall: secs(v[0]), cpu: secs(v[2] + v[3]), rss: int64(v[1]), exit: exit}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// A vetPair is the go vet -vettool comparison of one corpus: timeoutlint's
// time over the no-op tool's in the same round, the median over the rounds.
// Both tools run next to each other in every round, so a slow spell of the
// machine (this one is a virtual machine with noisy neighbours) weighs on
// both sides of each ratio.
type vetPair struct {
	corpus    string
	wall, cpu float64
}

const (
	vetTimeoutlint = "go vet -vettool=timeoutlint"
	vetNoop        = "go vet -vettool=noopcheck"
)

func pairedVet(corpus string, ts []tool, rounds [][]sample) vetPair {
	tl := slices.IndexFunc(ts, func(t tool) bool { return t.name == vetTimeoutlint })
	noop := slices.IndexFunc(ts, func(t tool) bool { return t.name == vetNoop })
	var walls, cpus []float64
	for _, r := range rounds {
		walls = append(walls, r[tl].wall.Seconds()/r[noop].wall.Seconds())
		cpus = append(cpus, r[tl].cpu.Seconds()/r[noop].cpu.Seconds())
	}
	return vetPair{corpus: corpus, wall: median(walls), cpu: median(cpus)}
}

type result struct {
	corpus, tool string
	sample
}

// report renders the results as Markdown with ratios to the floors.
func report(rs []result, vets []vetPair, runs int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Performance\n\nMeasured by `go run ./bench` on %s, %d CPUs, %s; medians of %d runs after a warm-up run, warm build cache, the order of the tools reversed every other round. ", time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.Version(), runs)
	b.WriteString("CPU is user plus system time of the command and its children. Peak memory is the largest resident set of one process. Ratios divide by the load floor (noopcheck) and the SSA floor (ssacheck) on the same corpus; the go vet -vettool rows are also compared with the no-op vettool, run next to each other in every round (the median of the rounds' ratios).\n\n")
	b.WriteString("| corpus | tool | wall | CPU | peak RSS | wall / load floor | wall / SSA floor | RSS / SSA floor | exit |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
	floor := func(corpus, name string) sample {
		for _, r := range rs {
			if r.corpus == corpus && r.tool == name {
				return r.sample
			}
		}
		return sample{}
	}
	ratio := func(a, b float64) string {
		if b == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f×", a/b)
	}
	for _, r := range rs {
		load, ssa := floor(r.corpus, "load floor (noopcheck)"), floor(r.corpus, "SSA floor (ssacheck)")
		fmt.Fprintf(&b, "| %s | %s | %.1f s | %.1f s | %d MiB | %s | %s | %s | %d |\n", r.corpus, r.tool, r.wall.Seconds(), r.cpu.Seconds(), r.rss/1024,
			ratio(r.wall.Seconds(), load.wall.Seconds()), ratio(r.wall.Seconds(), ssa.wall.Seconds()), ratio(float64(r.rss), float64(ssa.rss)), r.exit)
	}
	b.WriteString("\n## Targets\n\n| corpus | timeoutlint / SSA floor (wall) | timeoutlint / SSA floor (RSS) | timeoutlint / load floor (wall) | timeoutlint / golangci-lint (wall) | vet -vettool timeoutlint / no-op (wall, paired) | (CPU, paired) |\n|---|---:|---:|---:|---:|---:|---:|\n")
	seen := map[string]bool{}
	for _, r := range rs {
		if seen[r.corpus] {
			continue
		}
		seen[r.corpus] = true
		load, ssa := floor(r.corpus, "load floor (noopcheck)"), floor(r.corpus, "SSA floor (ssacheck)")
		gcl := floor(r.corpus, "golangci-lint (noctx, contextcheck, gosec)")
		var vet vetPair
		for _, v := range vets {
			if v.corpus == r.corpus {
				vet = v
			}
		}
		for _, row := range []struct{ label, tool string }{{r.corpus, "timeoutlint"}, {r.corpus + ", tests analyzed", testsAnalyzed}} {
			tl := floor(r.corpus, row.tool)
			fmt.Fprintf(&b, "| %s | %s (≤ 0.50×) | %s (≤ 0.50×) | %s (≤ 3×) | %s (≤ 0.50×) | %.2f× (≤ 1.2×) | %.2f× |\n", row.label,
				ratio(tl.wall.Seconds(), ssa.wall.Seconds()), ratio(float64(tl.rss), float64(ssa.rss)),
				ratio(tl.wall.Seconds(), load.wall.Seconds()), ratio(tl.wall.Seconds(), gcl.wall.Seconds()),
				vet.wall, vet.cpu)
		}
	}
	return b.String()
}

func run(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func output(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).Output()
	return strings.TrimSpace(string(out)), err
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func flagWasSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
