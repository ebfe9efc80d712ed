package integration_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreCommit runs the hooks of .pre-commit-hooks.yaml, from this
// checkout at HEAD, with the real pre-commit in a temporary repository: the
// timeoutlint hook (language golang: pre-commit builds the command from the
// hook repository) and timeoutlint-system (the binary on PATH).
func TestPreCommit(t *testing.T) {
	slow(t)
	pc := tool(t, "pre-commit", "PRE_COMMIT")
	root := repoRoot(t)
	rev := git(t, root, "rev-parse", "HEAD")
	if out, err := exec.Command("git", "-C", root, "cat-file", "-e", rev+":.pre-commit-hooks.yaml").CombinedOutput(); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml is not committed at HEAD: %v %s", err, out)
	}
	binDir, _ := timeoutlint(t)

	dir := fixture(t)
	writeFile(t, filepath.Join(dir, ".pre-commit-config.yaml"), `repos:
  - repo: `+root+`
    rev: `+rev+`
    hooks:
      - id: timeoutlint
      - id: timeoutlint-system
`)
	gitInit(t, dir)

	// pre-commit builds the golang hook with GOPATH in its own directory:
	// keep the shared module and build caches.
	env := append(gitEnv(),
		"PRE_COMMIT_HOME="+t.TempDir(),
		"PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOMODCACHE="+goEnv(t, "GOMODCACHE"),
		"GOCACHE="+goEnv(t, "GOCACHE"),
	)
	hooks := []string{"timeoutlint", "timeoutlint-system"}

	t.Run("clean tree passes", func(t *testing.T) {
		for _, hook := range hooks {
			if code, out := run(t, dir, env, pc, "run", "--all-files", hook); code != 0 {
				t.Errorf("pre-commit run %s on the clean fixture: exit %d, want 0\n%s", hook, code, out)
			}
		}
	})
	t.Run("staged bad file fails", func(t *testing.T) {
		copyFile(t, "testdata/changes/bad.go", filepath.Join(dir, "app/bad.go"))
		git(t, dir, "add", "app/bad.go")
		for _, hook := range hooks {
			code, out := run(t, dir, env, pc, "run", hook)
			if code != 1 {
				t.Errorf("pre-commit run %s with app/bad.go staged: exit %d, want 1\n%s", hook, code, out)
			}
			if !strings.Contains(out, "exit code: 3") {
				t.Errorf("pre-commit run %s: hook did not exit with status 3 (findings)\n%s", hook, out)
			}
			checkMarks(t, dir, out, nil, false)
		}
	})
	t.Run("installed hook blocks the commit", func(t *testing.T) {
		if code, out := run(t, dir, env, pc, "install"); code != 0 {
			t.Fatalf("pre-commit install: exit %d\n%s", code, out)
		}
		code, out := run(t, dir, env, "git", "commit", "-qm", "bad")
		if code == 0 {
			t.Fatalf("git commit with app/bad.go staged succeeded; output:\n%s", out)
		}
		if !strings.Contains(out, "app/bad.go:") {
			t.Errorf("git commit output does not show the findings:\n%s", out)
		}
	})
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}
