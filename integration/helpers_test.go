package integration_test

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// slow skips t unless the slow integration tests are on.
func slow(t *testing.T) {
	t.Helper()
	if os.Getenv("TIMEOUTLINT_INTEGRATION") == "" {
		t.Skip("slow integration test: set TIMEOUTLINT_INTEGRATION=1 (bash .ci/run does) after scripts/install-tools.sh")
	}
}

// tool returns the path of an installed tool: $ENV if set, else the one on
// PATH, else the one in $GOBIN or $GOPATH/bin (where scripts/install-tools.sh
// puts Go tools).
func tool(t *testing.T, name, env string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		return p
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	dirs := []string{os.Getenv("GOBIN")}
	if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
		for _, d := range filepath.SplitList(strings.TrimSpace(string(out))) {
			dirs = append(dirs, filepath.Join(d, "bin"))
		}
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if p := filepath.Join(d, name); isExecutable(p) {
			return p
		}
	}
	t.Fatalf("%s not found (set %s, or run scripts/install-tools.sh %s)", name, env, name)
	return ""
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// repoRoot is the timeoutlint checkout.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// timeoutlint builds cmd/timeoutlint once per test run and returns the
// directory holding the binary (for PATH) and its path. $TIMEOUTLINT_BIN,
// if set, is used instead.
func timeoutlint(t *testing.T) (dir, bin string) {
	t.Helper()
	if p := os.Getenv("TIMEOUTLINT_BIN"); p != "" {
		if filepath.Base(p) != "timeoutlint" {
			t.Fatalf("TIMEOUTLINT_BIN=%s: the binary must be named timeoutlint (hooks run it by name)", p)
		}
		return filepath.Dir(p), p
	}
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "timeoutlint-integration")
		if buildErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(binDir, "timeoutlint"), "./cmd/timeoutlint")
		cmd.Dir = repoRoot(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building timeoutlint: %v", buildErr)
	}
	return binDir, filepath.Join(binDir, "timeoutlint")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// fixture copies the clean fixture module testdata/lintme into a new
// temporary directory, adds testdata/changes/NAME as app/NAME for each of
// changes, and returns the directory.
func fixture(t *testing.T, changes ...string) string {
	t.Helper()
	dir := t.TempDir()
	copyDir(t, "testdata/lintme", dir)
	for _, c := range changes {
		copyFile(t, filepath.Join("testdata/changes", c), filepath.Join(dir, "app", c))
	}
	return dir
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		copyFile(t, p, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gitEnv isolates git from the user's and the system's configuration.
func gitEnv() []string {
	return []string{
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
	}
}

// git runs git in dir and fails the test on error.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	code, out := run(t, dir, gitEnv(), "git", args...)
	if code != 0 {
		t.Fatalf("git %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
	return strings.TrimSpace(out)
}

// gitInit makes dir a git repository with everything in it committed.
func gitInit(t *testing.T, dir string) {
	t.Helper()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "base")
}

// run runs name with args in dir, with env added to the environment, and
// returns its exit code and combined output. A failure to start fails t.
func run(t *testing.T, dir string, env []string, name string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("%s %s: %.1fs", filepath.Base(name), strings.Join(args, " "), time.Since(start).Seconds())
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	case err != nil:
		t.Fatalf("running %s: %v", name, err)
	}
	return 0, string(out)
}

// finding is a "file:line:col: message" line of output.
type finding struct {
	file string // slash-separated, as printed (absolute or relative)
	line int
	text string
}

var findingREs = []*regexp.Regexp{
	regexp.MustCompile(`^(\S+?\.go):(\d+):`),
	// reviewdog's local reporter, for rdjson input
	regexp.MustCompile(`location:\{path:"(\S+?\.go)"\s+range:\{start:\{line:(\d+)`),
}

// findings parses the findings printed in out.
func findings(out string) []finding {
	var fs []finding
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var m []string
		for _, re := range findingREs {
			if m = re.FindStringSubmatch(sc.Text()); m != nil {
				break
			}
		}
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		fs = append(fs, finding{filepath.ToSlash(m[1]), n, sc.Text()})
	}
	return fs
}

// mark is a line of a fixture file marked with "// FINDING <analyzer>" or
// "// QUIET".
type mark struct {
	file     string // module-relative, e.g. app/bad.go
	line     int
	analyzer string // "" for QUIET
}

// marks returns the marked lines of the fixture files in dir.
func marks(t *testing.T, dir string) []mark {
	t.Helper()
	var ms []mark
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		for i, l := range strings.Split(string(data), "\n") {
			if _, c, ok := strings.Cut(l, "// FINDING "); ok {
				ms = append(ms, mark{filepath.ToSlash(rel), i + 1, strings.TrimSuffix(strings.Fields(c)[0], ":")})
			} else if strings.Contains(l, "// QUIET") {
				ms = append(ms, mark{filepath.ToSlash(rel), i + 1, ""})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// at returns the findings reported on file's line (file module-relative;
// a finding's path may be absolute).
func at(fs []finding, file string, line int) []finding {
	var r []finding
	for _, f := range fs {
		if f.line == line && (f.file == file || strings.HasSuffix(f.file, "/"+file)) {
			r = append(r, f)
		}
	}
	return r
}

// checkMarks checks out against the marks of the fixture in dir: a finding
// of the named analyzer on every FINDING line of an enabled analyzer (all
// when enabled is nil), none on QUIET lines nor on lines of disabled
// analyzers. With named, a finding's line must name its analyzer.
func checkMarks(t *testing.T, dir, out string, enabled func(analyzer string) bool, named bool) {
	t.Helper()
	fs := findings(out)
	for _, m := range marks(t, dir) {
		got := at(fs, m.file, m.line)
		want := m.analyzer != "" && (enabled == nil || enabled(m.analyzer))
		switch {
		case want && len(got) == 0:
			t.Errorf("no %s finding at %s:%d in output:\n%s", m.analyzer, m.file, m.line, out)
		case want && named && !strings.Contains(got[0].text, m.analyzer):
			t.Errorf("finding at %s:%d does not name %s: %s", m.file, m.line, m.analyzer, got[0].text)
		case !want && len(got) > 0:
			t.Errorf("unexpected finding at %s:%d: %s", m.file, m.line, got[0].text)
		}
	}
}
