package driver

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVetxOnlyMatchesGoCommand checks the cheap VetxOnly test against the
// configuration files the go command really writes: go vet -n prints them.
func TestVetxOnlyMatchesGoCommand(t *testing.T) {
	out, err := exec.Command("go", "vet", "-n", "net/http").CombinedOutput()
	if err != nil {
		t.Fatalf("go vet -n: %v\n%s", err, out)
	}
	dir := t.TempDir()
	var n, deps int
	for _, chunk := range strings.Split(string(out), "vet.cfg << 'EOF'")[1:] {
		_, body, _ := strings.Cut(chunk, "\n")
		body, _, ok := strings.Cut(body, "\nEOF\n")
		if !ok {
			t.Fatalf("unterminated vet.cfg in go vet -n output:\n%.300s", chunk)
		}
		var cfg struct{ VetxOnly bool }
		if err := json.Unmarshal([]byte(body), &cfg); err != nil {
			t.Fatalf("vet.cfg is not JSON: %v\n%.300s", err, body)
		}
		p := filepath.Join(dir, "vet.cfg")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := vetxOnly(p); got != cfg.VetxOnly {
			t.Errorf("vetxOnly = %v, the file says %v:\n%.300s", got, cfg.VetxOnly, body)
		}
		n++
		if cfg.VetxOnly {
			deps++
		}
	}
	if n < 10 || deps == 0 || deps == n {
		t.Errorf("go vet -n printed %d configuration files, %d of dependencies; want both kinds", n, deps)
	}
	if vetxOnly(filepath.Join(dir, "missing.cfg")) {
		t.Error("vetxOnly is true for a missing file")
	}
}

func TestAnyFlag(t *testing.T) {
	names := []string{"format", "V"}
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-format=json", "./..."}, true},
		{[]string{"--format", "json", "./..."}, true},
		{[]string{"-c", "3", "-format", "sarif"}, true},
		{[]string{"-V=full"}, true},
		{[]string{"-formats", "./..."}, false},
		{[]string{"---format"}, false},
		{[]string{"-", "format"}, false},
		{[]string{"--", "-format"}, false},
		{[]string{"./format"}, false},
		{[]string{"-v"}, false},
	} {
		if got := anyFlag(tc.args, names); got != tc.want {
			t.Errorf("anyFlag(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
