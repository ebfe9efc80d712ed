package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds the timeoutlint command once per test run.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "timeoutlint-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "timeoutlint")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building timeoutlint: %v", buildErr)
	}
	return binPath
}

// module writes a throwaway module with the given files and returns its directory.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// run runs name with args in dir and returns its exit code, stdout and stderr.
func run(t *testing.T, dir, name string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", name, err)
	}
	return code, stdout.String(), stderr.String()
}

const badMain = `package main

import (
	"log"
	"net/http"
)

func main() {
	log.Fatal(http.ListenAndServe(":8080", nil))
}
`

const cleanMain = `package main

import (
	"log"
	"net/http"
	"time"
)

func main() {
	srv := &http.Server{Addr: ":8080", ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
`

func TestStandaloneExitCodes(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	bad := module(t, map[string]string{"main.go": badMain})
	code, _, stderr := run(t, bad, bin, "./...")
	if code != 3 {
		t.Errorf("exit code on findings = %d, want 3; stderr:\n%s", code, stderr)
	}
	if want := regexp.MustCompile(`main\.go:9:12: http\.ListenAndServe uses a Server without timeouts`); !want.MatchString(stderr) {
		t.Errorf("stderr does not report the finding at main.go:9:12:\n%s", stderr)
	}

	clean := module(t, map[string]string{"main.go": cleanMain})
	if code, _, stderr := run(t, clean, bin, "./..."); code != 0 || stderr != "" {
		t.Errorf("clean module: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
}

func TestJSONHasCategory(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := module(t, map[string]string{"main.go": badMain})
	code, stdout, stderr := run(t, dir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("-json exit code = %d, want 0 (multichecker convention); stderr:\n%s", code, stderr)
	}
	// {"<pkg>": {"<analyzer>": [{"posn", "message", "category", ...}]}}
	var out map[string]map[string][]struct {
		Posn     string `json:"posn"`
		Message  string `json:"message"`
		Category string `json:"category"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, stdout)
	}
	diags := out["example.com/m"]["nohttptimeout"]
	if len(diags) != 1 || diags[0].Category != "serve-no-timeout" || !strings.HasSuffix(diags[0].Posn, "main.go:9:12") {
		t.Errorf("-json diagnostics = %+v, want one serve-no-timeout at main.go:9:12", diags)
	}
}

func TestGoVetVettool(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := module(t, map[string]string{"main.go": badMain, "lib/lib.go": "package lib\n\nimport \"net/http\"\n\nfunc New() *http.Client { return &http.Client{} }\n"})
	code, _, stderr := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if code == 0 {
		t.Fatalf("go vet exited 0 on findings; stderr:\n%s", stderr)
	}
	for _, want := range []string{
		`main.go:9:12: http.ListenAndServe uses a Server without timeouts`,
		`lib/lib.go:5:35: http.Client has no Timeout`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("go vet output lacks %q:\n%s", want, stderr)
		}
	}
	// Analyzer flags pass through go vet.
	code, _, stderr = run(t, dir, "go", "vet", "-vettool="+bin, "-nohttptimeout.max=1m", "./lib")
	if code == 0 || !strings.Contains(stderr, "http.Client has no Timeout") {
		t.Errorf("go vet with an analyzer flag: exit %d, stderr:\n%s", code, stderr)
	}
	clean := module(t, map[string]string{"main.go": cleanMain})
	if code, _, stderr := run(t, clean, "go", "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Errorf("go vet on a clean module: exit %d, stderr:\n%s", code, stderr)
	}
}

func TestVersionFull(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	code, stdout, stderr := run(t, t.TempDir(), bin, "-V=full")
	if code != 0 || !strings.Contains(stdout, "timeoutlint version") {
		t.Errorf("-V=full: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestBrokenPackages(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	for _, tc := range []struct {
		name, src, want string
	}{
		{"syntax error", "package main\n\nfunc main() {\n", "expected '}'"},
		{"type error", "package main\n\nfunc main() { var x int = \"s\"; _ = x }\n", "cannot use"},
		{"missing import", "package main\n\nimport \"example.com/nowhere\"\n\nfunc main() { nowhere.F() }\n", "nowhere"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := module(t, map[string]string{"main.go": tc.src})
			code, _, stderr := run(t, dir, bin, "./...")
			if code != 1 {
				t.Errorf("exit code = %d, want 1; stderr:\n%s", code, stderr)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr lacks %q:\n%s", tc.want, stderr)
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
				t.Errorf("stderr shows a panic:\n%s", stderr)
			}
		})
	}
}

func TestUnknownFlag(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	code, _, stderr := run(t, t.TempDir(), bin, "-no-such-flag", "./...")
	if code == 0 || code == 3 || !strings.Contains(stderr, "no-such-flag") {
		t.Errorf("unknown flag: exit %d, stderr %q; want a failure naming the flag", code, stderr)
	}
}

// TestProfiles checks that the standalone driver writes the profiles that
// multichecker's -cpuprofile, -memprofile and -trace ask for, and still
// reports the findings.
func TestProfiles(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := module(t, map[string]string{"main.go": badMain})
	out := t.TempDir()
	cpu, mem, trace := filepath.Join(out, "cpu.pprof"), filepath.Join(out, "mem.pprof"), filepath.Join(out, "trace.out")
	code, _, stderr := run(t, dir, bin, "-cpuprofile", cpu, "-memprofile", mem, "-trace", trace, "./...")
	if code != 3 || !strings.Contains(stderr, "http.ListenAndServe uses a Server without timeouts") {
		t.Fatalf("exit %d, stderr:\n%s\nwant 3 and the finding", code, stderr)
	}
	for _, p := range []string{cpu, mem} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) { // pprof profiles are gzip-compressed protocol buffers
			t.Errorf("%s is not a pprof profile (%d bytes)", filepath.Base(p), len(data))
		}
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("go 1.")) {
		t.Errorf("trace.out does not start with a Go trace header: %q", data[:min(len(data), 16)])
	}

	// An unwritable profile fails before the work, with the reason.
	code, _, stderr = run(t, dir, bin, "-cpuprofile", filepath.Join(out, "missing", "cpu.pprof"), "./...")
	if code != 1 || !strings.Contains(stderr, "no such file or directory") {
		t.Errorf("unwritable -cpuprofile: exit %d, stderr %q; want 1 and the error", code, stderr)
	}
}

// TestStdNetQuiet is the must-stay-quiet case of docs/realworld.md's last
// false positives: analyzing package net itself, the resolver's address
// sorting reaches net.DialUDP, which passes context.Background() to the
// dialer's internals; setting up a UDP socket never waits, so no caller's
// deadline is dropped.
func TestStdNetQuiet(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := module(t, map[string]string{})
	code, stdout, stderr := run(t, dir, bin, "-format", "json", "-ctxdeadline", "net")
	if code != 0 && code != 3 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	var out map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout)
	}
	for pkg, byAnalyzer := range out {
		for _, d := range byAnalyzer["ctxdeadline"] {
			if strings.Contains(d.Message, "DialUDP") {
				t.Errorf("%s: %s: %s", pkg, d.Posn, d.Message)
			}
		}
	}
}

// TestTestPackagesLoadedOnlyWhenReported checks that test packages are not
// loaded while no analyzer reports in _test.go files: a test file that does
// not even type-check goes unnoticed by default, and is loaded (and its
// error reported) once an analyzer's tests flag asks for test files.
func TestTestPackagesLoadedOnlyWhenReported(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := module(t, map[string]string{
		"main.go":      cleanMain,
		"main_test.go": "package main\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { var n int = \"not an int\"; _ = n }\n",
	})
	if code, _, stderr := run(t, dir, bin, "./..."); code != 0 || stderr != "" {
		t.Errorf("default flags: exit %d, stderr %q; want 0 and nothing (test packages not loaded)", code, stderr)
	}
	code, _, stderr := run(t, dir, bin, "-nohttptimeout.tests", "./...")
	if code != 1 || !strings.Contains(stderr, "main_test.go:5") {
		t.Errorf("-nohttptimeout.tests: exit %d, stderr:\n%s\nwant 1 and the type error in main_test.go", code, stderr)
	}
	if code, _, stderr := run(t, dir, bin, "-test=false", "-nohttptimeout.tests", "./..."); code != 0 {
		t.Errorf("-test=false -nohttptimeout.tests: exit %d, stderr %q; want 0 (-test=false wins)", code, stderr)
	}
}

// TestDependencyFacts checks that facts still flow from packages outside
// the patterns, which both drivers analyze for their facts only
// (directive.Reporter.FactsOnly): app's finding needs lib's
// dropsDeadline fact, app's quiet client needs lib's setsTimeout fact, and
// lib's own findings are not shown.
func TestDependencyFacts(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := module(t, map[string]string{
		"lib/lib.go": `package lib

import (
	"context"
	"net/http"
	"time"
)

func fetch(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	_, err = Default.Do(req)
	return err
}

// Load drops its callers' deadlines.
func Load(url string) error { return fetch(context.Background(), url) }

// Configure bounds a client.
func Configure(c *http.Client) { c.Timeout = 5 * time.Second }

// Default has no timeout: a finding in lib, shown only when lib is analyzed.
var Default = &http.Client{}
`,
		"app/app.go": `package app

import (
	"context"
	"net/http"

	"example.com/m/lib"
)

func Handle(ctx context.Context) error {
	return lib.Load("http://example.com")
}

func Client() *http.Client {
	c := &http.Client{}
	lib.Configure(c)
	return c
}
`,
	})
	want := "app/app.go:11:9: lib.Load creates context.Background() and passes it on"
	for _, args := range [][]string{
		{bin, "./app"},
		{"go", "vet", "-vettool=" + bin, "./app"},
	} {
		code, _, stderr := run(t, dir, args[0], args[1:]...)
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d; want a finding %q in:\n%s", strings.Join(args, " "), code, want, stderr)
		}
		if strings.Contains(stderr, "lib.go") || strings.Contains(stderr, "has no Timeout") {
			t.Errorf("%s: reported lib's findings or app's configured client:\n%s", strings.Join(args, " "), stderr)
		}
	}
	// lib's own finding, when lib is analyzed.
	if code, _, stderr := run(t, dir, bin, "./lib"); code == 0 || !strings.Contains(stderr, "lib/lib.go:25:16: http.Client has no Timeout") {
		t.Errorf("timeoutlint ./lib: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestStaticBinary guards go vet's start-up cost: package net links cgo's
// resolver, which makes the binary dynamically linked, and go vet starts
// the command once per package (about a millisecond more each time).
func TestStaticBinary(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for dep := range strings.FieldsSeq(string(out)) {
		if dep == "net" || dep == "runtime/cgo" || dep == "os/user" {
			t.Errorf("the command depends on %s; use net/netip or a local helper instead", dep)
		}
	}
}
