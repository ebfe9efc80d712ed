package integration_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionScript runs scripts/action.sh, the logic of action.yml, as the
// action does, with reviewdog's local reporter on a git diff in place of a
// pull request, and in sarif mode.
func TestActionScript(t *testing.T) {
	slow(t)
	script := filepath.Join(repoRoot(t), "scripts", "action.sh")
	bin := t.TempDir()
	base := []string{"TIMEOUTLINT_BIN_DIR=" + bin, "GITHUB_PATH=" + filepath.Join(t.TempDir(), "path")}

	// install: timeoutlint from this checkout, reviewdog from the Go proxy
	// (a relink when the build cache is warm).
	if code, out := run(t, repoRoot(t), append(base, "INPUT_MODE=reviewdog"), "bash", script, "install"); code != 0 {
		t.Fatalf("action.sh install: exit %d\n%s", code, out)
	}
	for _, name := range []string{"timeoutlint", "reviewdog"} {
		if !isExecutable(filepath.Join(bin, name)) {
			t.Fatalf("action.sh install did not install %s in %s", name, bin)
		}
	}
	if code, out := run(t, ".", nil, filepath.Join(bin, "timeoutlint"), "-format", "sarif", "-h"); strings.Contains(out, "flag provided but not defined") {
		t.Skipf("timeoutlint has no -format flag yet (exit %d): %s", code, out)
	}

	// The base revision has app/bad.go's findings; app/later.go, staged,
	// adds one.
	dir := fixture(t, "bad.go")
	gitInit(t, dir)
	copyFile(t, "testdata/changes/later.go", filepath.Join(dir, "app/later.go"))
	git(t, dir, "add", "app/later.go")
	action := func(t *testing.T, env ...string) (int, string) {
		t.Helper()
		return run(t, dir, append(append(gitEnv(), base...), env...), "bash", script, "run")
	}
	reviewdog := []string{"INPUT_MODE=reviewdog", "INPUT_REPORTER=local", "INPUT_DIFF=git diff HEAD"}

	t.Run("reviewdog reports the new finding and fails", func(t *testing.T) {
		code, out := action(t, reviewdog...)
		if code == 0 {
			t.Errorf("exit 0, want non-zero (a finding at fail level any)\n%s", out)
		}
		fs := findings(out)
		if len(at(fs, "app/later.go", 7)) == 0 || len(at(fs, "app/bad.go", 14))+len(at(fs, "app/bad.go", 21)) != 0 {
			t.Errorf("want only app/later.go:7 reported, got:\n%s", out)
		}
		if !strings.Contains(out, "nohttptimeout/client-no-timeout") {
			t.Errorf("rule id missing:\n%s", out)
		}
	})
	t.Run("reviewdog fail-level none", func(t *testing.T) {
		code, out := action(t, append(reviewdog, "INPUT_FAIL_LEVEL=none")...)
		if code != 0 || len(at(findings(out), "app/later.go", 7)) == 0 {
			t.Errorf("exit %d, want 0 with the finding printed\n%s", code, out)
		}
	})
	t.Run("reviewdog nofilter", func(t *testing.T) {
		_, out := action(t, append(reviewdog, "INPUT_FILTER_MODE=nofilter")...)
		checkMarks(t, dir, out, nil, false)
	})
	t.Run("reviewdog no new findings passes", func(t *testing.T) {
		code, out := action(t, "INPUT_MODE=reviewdog", "INPUT_REPORTER=local", "INPUT_DIFF=git diff HEAD -- go.mod")
		if code != 0 || len(findings(out)) != 0 {
			t.Errorf("exit %d, want 0 and no findings\n%s", code, out)
		}
	})
	t.Run("sarif", func(t *testing.T) {
		ghOut := filepath.Join(t.TempDir(), "output")
		code, out := action(t, "INPUT_MODE=sarif", "INPUT_SARIF_FILE=out.sarif", "GITHUB_OUTPUT="+ghOut)
		if code != 0 {
			t.Fatalf("exit %d, want 0 (the findings go to code scanning)\n%s", code, out)
		}
		outputs, _ := os.ReadFile(ghOut)
		sarifPath := filepath.Join(dir, "out.sarif")
		if !strings.Contains(string(outputs), "findings=true\n") || !strings.Contains(string(outputs), "sarif-file="+sarifPath+"\n") {
			t.Errorf("GITHUB_OUTPUT = %q, want findings=true and sarif-file=%s", outputs, sarifPath)
		}
		data, err := os.ReadFile(sarifPath)
		if err != nil {
			t.Fatal(err)
		}
		var log struct {
			Runs []struct {
				Results []struct {
					RuleID    string
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
		if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("SARIF: %v, %d runs\n%s", err, len(log.Runs), data)
		}
		got := map[string]bool{}
		for _, r := range log.Runs[0].Results {
			for _, l := range r.Locations {
				got[l.PhysicalLocation.ArtifactLocation.URI+":"+itoa(l.PhysicalLocation.Region.StartLine)] = true
			}
		}
		for _, want := range []string{"app/bad.go:14", "app/bad.go:21", "app/later.go:7"} {
			if !got[want] {
				t.Errorf("SARIF has no result at %s (has %v)", want, got)
			}
		}
	})
	t.Run("sarif with new-from-rev", func(t *testing.T) {
		ghOut := filepath.Join(t.TempDir(), "output")
		if code, out := action(t, "INPUT_MODE=sarif", "INPUT_NEW_FROM_REV=HEAD", "GITHUB_OUTPUT="+ghOut); code != 0 {
			t.Fatalf("exit %d\n%s", code, out)
		}
		data, _ := os.ReadFile(filepath.Join(dir, "timeoutlint.sarif"))
		if strings.Contains(string(data), "app/bad.go") || !strings.Contains(string(data), "app/later.go") {
			t.Errorf("SARIF with -new-from-rev HEAD: want only app/later.go results\n%s", data)
		}
	})
	t.Run("load failure fails in every mode", func(t *testing.T) {
		writeFile(t, filepath.Join(dir, "broken", "broken.go"), "package broken\n\nfunc f() { undefined() }\n")
		t.Cleanup(func() { os.RemoveAll(filepath.Join(dir, "broken")) })
		for _, mode := range [][]string{reviewdog, {"INPUT_MODE=sarif"}} {
			code, out := action(t, mode...)
			if code != 1 || !strings.Contains(out, "could not be loaded or analyzed") {
				t.Errorf("%s: exit %d, want 1 and the load failure reported\n%s", mode[0], code, out)
			}
		}
	})
	t.Run("bad mode", func(t *testing.T) {
		if code, out := action(t, "INPUT_MODE=comments"); code != 1 || !strings.Contains(out, "mode must be") {
			t.Errorf("exit %d, want 1 and a usage error\n%s", code, out)
		}
	})
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
