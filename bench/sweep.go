package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
)

// sweepCorpora are the corpora of the robustness sweep (docs/realworld.md):
// the timed ones plus cmd and two more modules.
var sweepCorpora = append([]corpus{{name: "cmd", pattern: "cmd"}}, append(corpora,
	corpus{name: "promclient", module: "github.com/prometheus/client_golang@v1.25.0", pattern: "./..."},
	corpus{name: "clientgo", module: "k8s.io/client-go@v0.37.2", pattern: "./..."},
)...)

// sweepFlags make every analyzer report in test files too, so that test
// packages are loaded and analyzed: the sweep covers all the code.
var sweepFlags = []string{"-json", "-nohttptimeout.tests", "-ctxdeadline.tests", "-retrybudget.tests", "-grpcdeadline.tests"}

// sweepResult is what one corpus's run showed.
type sweepResult struct {
	exit            int
	panics          int // "panic:" lines on stderr
	loadErrors      int // other stderr lines: packages that failed to load or type-check
	analysisErrors  int // analyzer errors in the JSON output
	nonTest, inTest int // unique findings (position and message), outside and in _test.go files
}

// sweep runs timeoutlint over each corpus once and writes a Markdown table.
func sweep(w io.Writer, tl, work string, only []string) error {
	fmt.Fprintf(w, "| corpus | exit | panics | load errors | analysis errors | findings, non-test | findings, `_test.go` |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for _, c := range sweepCorpora {
		if len(only) > 0 && !contains(only, c.name) {
			continue
		}
		if err := prepare(work, &c); err != nil {
			return fmt.Errorf("preparing %s: %v", c.name, err)
		}
		r, err := sweepOne(tl, c)
		if err != nil {
			return fmt.Errorf("%s: %v", c.name, err)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d |\n", c.name, r.exit, r.panics, r.loadErrors, r.analysisErrors, r.nonTest, r.inTest)
	}
	return nil
}

func sweepOne(tl string, c corpus) (sweepResult, error) {
	var r sweepResult
	cmd := exec.Command(tl, append(append([]string(nil), sweepFlags...), c.pattern)...)
	cmd.Dir = c.dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			return r, err
		}
		r.exit = ee.ExitCode()
	}
	for line := range strings.Lines(stderr.String()) {
		switch {
		case strings.HasPrefix(line, "panic:"):
			r.panics++
		case strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "goroutine "):
			r.loadErrors++
		}
	}
	if r.panics > 0 {
		return r, nil // no JSON after a crash
	}
	// {"<package>": {"<analyzer>": [diagnostics] or {"error": "..."}}}
	var out map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return r, fmt.Errorf("output is not JSON: %v", err)
	}
	seen := make(map[string]bool)
	for _, byAnalyzer := range out {
		for _, raw := range byAnalyzer {
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if json.Unmarshal(raw, &diags) != nil {
				r.analysisErrors++ // {"error": "..."}
				continue
			}
			for _, d := range diags {
				key := d.Posn + "\x00" + d.Message
				if seen[key] {
					continue // the same file in a package and its test variant
				}
				seen[key] = true
				file, _, _ := strings.Cut(d.Posn, ":")
				if strings.HasSuffix(filepath.Base(file), "_test.go") {
					r.inTest++
				} else {
					r.nonTest++
				}
			}
		}
	}
	return r, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
