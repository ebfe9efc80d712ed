package integration_test

import (
	"strings"
	"testing"
)

// The unitchecker protocol (go vet -vettool) analyzes one package per
// process and passes facts between packages through files, as Bazel's nogo
// does: the findings in package app that depend on what package helper does
// (and the silence where helper makes the code right) prove the facts
// crossed.

func TestVetTool(t *testing.T) {
	_, bin := timeoutlint(t)
	dir := fixture(t, "bad.go")
	code, out := run(t, dir, nil, "go", "vet", "-vettool="+bin, "./...")
	if code != 1 {
		t.Fatalf("go vet exit %d, want 1 (findings); output:\n%s", code, out)
	}
	checkMarks(t, dir, out, nil, false)
	for _, want := range []string{"helper.Pause", "http.Client"} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not mention %s:\n%s", want, out)
		}
	}
}

func TestVetToolClean(t *testing.T) {
	_, bin := timeoutlint(t)
	dir := fixture(t)
	code, out := run(t, dir, nil, "go", "vet", "-vettool="+bin, "./...")
	if code != 0 || out != "" {
		t.Fatalf("go vet on the clean fixture: exit %d, want 0 and no output; output:\n%s", code, out)
	}
}

func TestVetToolAnalyzerFlags(t *testing.T) {
	// Enable flags and analyzer flags reach the analyzers through go vet.
	_, bin := timeoutlint(t)
	dir := fixture(t, "bad.go")
	code, out := run(t, dir, nil, "go", "vet", "-vettool="+bin, "-retrybudget=false", "-nohttptimeout.max=5m", "./...")
	if code != 1 {
		t.Fatalf("go vet exit %d, want 1 (findings); output:\n%s", code, out)
	}
	checkMarks(t, dir, out, func(a string) bool { return a != "retrybudget" }, false)
}
