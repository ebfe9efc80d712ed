package integration_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const golangciVersion = "v2.15.0"

// golangciMirror makes a git repository of golangci-lint's source at
// golangciVersion, taken from the Go module cache, and returns the git
// configuration environment that sends "golangci-lint custom"'s clone of
// github.com/golangci/golangci-lint there: the build needs no network but
// the Go module proxy.
func golangciMirror(t *testing.T) []string {
	t.Helper()
	code, out := run(t, t.TempDir(), []string{"GOFLAGS=-mod=mod"}, "go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+golangciVersion)
	if code != 0 {
		t.Fatalf("go mod download golangci-lint: %s", out)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &mod); err != nil || mod.Dir == "" {
		t.Fatalf("go mod download golangci-lint: %v\n%s", err, out)
	}
	mirror := filepath.Join(t.TempDir(), "golangci-lint")
	if err := os.CopyFS(mirror, os.DirFS(mod.Dir)); err != nil {
		t.Fatal(err)
	}
	git(t, mirror, "init", "-q", "-b", "main")
	git(t, mirror, "add", "-A")
	git(t, mirror, "commit", "-qm", golangciVersion)
	git(t, mirror, "tag", golangciVersion)
	return []string{
		"GIT_CONFIG_COUNT=1",
		"GIT_CONFIG_KEY_0=url.file://" + mirror + ".insteadOf",
		"GIT_CONFIG_VALUE_0=https://github.com/golangci/golangci-lint.git",
	}
}

// golangciConfig is a .golangci.yml enabling only timeoutlint, with the
// given plugin settings (YAML, indented under settings:).
func golangciConfig(settings string) string {
	return `version: "2"
linters:
  default: none
  enable: [timeoutlint]
  settings:
    custom:
      timeoutlint:
        type: module
        description: finds Go code that can wait forever
        settings:
` + settings
}

// TestGolangciLintPlugin builds a golangci-lint with the plugin package of
// this checkout, as a user does with "golangci-lint custom", and runs it.
func TestGolangciLintPlugin(t *testing.T) {
	slow(t)
	gcl := tool(t, "golangci-lint", "GOLANGCI_LINT")
	if code, out := run(t, ".", nil, gcl, "version"); code != 0 || !strings.Contains(out, strings.TrimPrefix(golangciVersion, "v")) {
		t.Fatalf("%s version: want %s, got exit %d: %s (run scripts/install-tools.sh golangci-lint)", gcl, golangciVersion, code, out)
	}
	env := golangciMirror(t)

	dir := fixture(t, "bad.go")
	bin := t.TempDir()
	writeFile(t, filepath.Join(dir, ".custom-gcl.yml"), `version: `+golangciVersion+`
name: custom-gcl
destination: `+bin+`
plugins:
  - module: github.com/timeoutlint/timeoutlint
    import: github.com/timeoutlint/timeoutlint/plugin
    path: `+repoRoot(t)+`
`)
	if code, out := run(t, dir, env, gcl, "custom", "-v"); code != 0 {
		t.Fatalf("golangci-lint custom: exit %d\n%s", code, out)
	}
	custom := filepath.Join(bin, "custom-gcl")
	os.Remove(filepath.Join(dir, ".custom-gcl.yml"))
	gitInit(t, dir)

	lint := func(t *testing.T, settings string, args ...string) (int, string) {
		t.Helper()
		writeFile(t, filepath.Join(dir, ".golangci.yml"), golangciConfig(settings))
		return run(t, dir, nil, custom, append([]string{"run"}, args...)...)
	}

	t.Run("findings", func(t *testing.T) {
		code, out := lint(t, "          nohttptimeout:\n            max: 5m\n          retrybudget:\n            slack: 50ms\n", "./...")
		if code != 1 {
			t.Fatalf("custom-gcl run: exit %d, want 1 (issues)\n%s", code, out)
		}
		checkMarks(t, dir, out, nil, true)
		if !strings.Contains(out, "(timeoutlint)") {
			t.Errorf("findings not attributed to the timeoutlint linter:\n%s", out)
		}
	})
	t.Run("disable", func(t *testing.T) {
		code, out := lint(t, "          disable: [retrybudget]\n", "./...")
		if code != 1 {
			t.Fatalf("custom-gcl run: exit %d, want 1 (issues)\n%s", code, out)
		}
		checkMarks(t, dir, out, func(a string) bool { return a != "retrybudget" }, true)
	})
	t.Run("misspelled setting", func(t *testing.T) {
		code, out := lint(t, "          nohttptimeout:\n            maxx: 5m\n", "./...")
		if code == 0 || code == 1 || !strings.Contains(out, `has no flag "maxx"`) {
			t.Fatalf("custom-gcl run with a misspelled flag: exit %d, want a configuration error naming it\n%s", code, out)
		}
	})
	t.Run("new-from-rev", func(t *testing.T) {
		copyFile(t, filepath.Join("testdata/changes/later.go"), filepath.Join(dir, "app/later.go"))
		git(t, dir, "add", "app/later.go")
		code, out := lint(t, "          {}\n", "--new-from-rev=HEAD", "./...")
		if code != 1 {
			t.Fatalf("custom-gcl run --new-from-rev=HEAD: exit %d, want 1 (issues)\n%s", code, out)
		}
		fs := findings(out)
		if len(fs) != 1 || len(at(fs, "app/later.go", 7)) != 1 {
			t.Errorf("want only the finding in app/later.go:7, got:\n%s", out)
		}
	})
}
