package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gitRepo makes a git repository holding files, committed, and returns its
// directory.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := writeFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, dir, "init", "-q")
	gitCmd(t, dir, "add", ".")
	gitCmd(t, dir, "commit", "-q", "-m", "base")
	return dir
}

func gitCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

const newFromRevLib = `package lib

import "net/http"

// New returns a client.
func New() *http.Client { return &http.Client{} }
`

// TestNewFromRev makes a repository whose module sits in svc/, commits a
// file with findings, then changes it in a second commit, in the working
// tree and with an untracked file, and checks that only the findings on
// new or changed lines are reported, in every format.
func TestNewFromRev(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	repo := gitRepo(t, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n", // unused: the module is svc/
		"svc/go.mod":     "module example.com/svc\n\ngo 1.26\n",
		"svc/main.go":    badMain,       // main.go:9:12, never changes
		"svc/lib/lib.go": newFromRevLib, // lib.go:6:35, changed below
	})
	base := gitCmd(t, repo, "rev-parse", "HEAD")
	svc := filepath.Join(repo, "svc")
	lib := filepath.Join(svc, "lib", "lib.go")

	// Committed since base: a finding on a new line.
	src := newFromRevLib + "\nfunc Get(u string) (*http.Response, error) { return http.Get(u) }\n"
	if err := os.WriteFile(lib, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, repo, "commit", "-q", "-am", "add Get")
	// Uncommitted: the line of the old finding changes.
	src = strings.Replace(src, "&http.Client{}", "&http.Client{Transport: nil}", 1)
	if err := os.WriteFile(lib, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// Untracked: a new file.
	if err := writeFiles(svc, map[string]string{"extra/extra.go": "package extra\n\nimport \"net/http\"\n\nvar C = &http.Client{}\n", "go.mod": "module example.com/svc\n\ngo 1.26\n"}); err != nil {
		t.Fatal(err)
	}

	want := []string{ // relative to svc/
		"extra/extra.go:5:10 nohttptimeout/client-no-timeout",
		"lib/lib.go:6:35 nohttptimeout/client-no-timeout",
		"lib/lib.go:8:53 nohttptimeout/default-client",
	}
	inRepo := func(keys []string) []string { // relative to the repository root
		var out []string
		for _, k := range keys {
			out = append(out, "svc/"+k)
		}
		return out
	}

	t.Run("text", func(t *testing.T) {
		t.Parallel()
		code, _, stderr := run(t, svc, bin, only, "-new-from-rev", base, "./...")
		var got []string
		for _, l := range lines(stderr) {
			posn, msg, _ := strings.Cut(strings.TrimPrefix(l, svc+"/"), ": ")
			got = append(got, posn+" "+map[bool]string{true: "nohttptimeout/default-client", false: "nohttptimeout/client-no-timeout"}[strings.HasPrefix(msg, "http.Get")])
		}
		if code != 3 {
			t.Errorf("exit %d, want 3", code)
		}
		checkFindings(t, "text", got, want)
	})
	for _, args := range [][]string{{"-format", "json"}, {"-json"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := run(t, svc, bin, append([]string{only}, append(args, "-new-from-rev", base, "./...")...)...)
			if wantCode := map[bool]int{true: 0, false: 3}[args[0] == "-json"]; code != wantCode {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, wantCode, stderr)
			}
			var got []string
			dec := json.NewDecoder(strings.NewReader(stdout))
			var tree map[string]map[string][]struct{ Posn, Category string }
			if err := dec.Decode(&tree); err != nil {
				t.Fatalf("%v\n%s", err, stdout)
			}
			for _, byAnalyzer := range tree {
				for name, diags := range byAnalyzer {
					for _, d := range diags {
						got = append(got, strings.TrimPrefix(d.Posn, svc+"/")+" "+name+"/"+d.Category)
					}
				}
			}
			slices.Sort(got)
			checkFindings(t, "json", got, want)
		})
	}
	t.Run("sarif", func(t *testing.T) {
		t.Parallel()
		code, stdout, _ := run(t, svc, bin, only, "-format", "sarif", "-new-from-rev", base, "./...")
		var got []string
		for _, res := range parseSARIF(t, stdout).Runs[0].Results {
			got = append(got, res.key())
		}
		if code != 3 {
			t.Errorf("exit %d, want 3", code)
		}
		checkFindings(t, "sarif", got, inRepo(want))
	})
	t.Run("github", func(t *testing.T) {
		t.Parallel()
		code, stdout, _ := run(t, svc, bin, only, "-format", "github", "-new-from-rev", base, "./...")
		var got []string
		for _, l := range lines(stdout) {
			if m := githubRE.FindStringSubmatch(l); m != nil {
				got = append(got, m[1]+":"+m[2]+":"+m[3]+" "+m[4])
			}
		}
		if code != 3 {
			t.Errorf("exit %d, want 3", code)
		}
		checkFindings(t, "github", got, inRepo(want))
	})
	t.Run("rdjson", func(t *testing.T) {
		t.Parallel()
		code, stdout, _ := run(t, svc, bin, only, "-format", "rdjson", "-new-from-rev", base, "./...")
		if code != 3 {
			t.Errorf("exit %d, want 3", code)
		}
		checkFindings(t, "rdjson", parseRDJSON(t, stdout).keys(), want) // relative to the current directory
	})
}
