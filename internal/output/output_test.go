package output_test

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/timeoutlint/timeoutlint/internal/output"
)

// memFiles serves file contents from a map.
func memFiles(files map[string]string) *output.Files {
	return output.NewFiles(func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	})
}

func pos(file string, line, col int) token.Position {
	return token.Position{Filename: file, Line: line, Column: col}
}

func finding(file string, line, col int, category string) output.Finding {
	return output.Finding{
		Analyzer: "nohttptimeout", Category: category, Message: "http.Client has no Timeout",
		Pos: pos(file, line, col), End: pos(file, line, col+13),
	}
}

func TestUTF16Column(t *testing.T) {
	files := memFiles(map[string]string{"/r/a.go": "x := \"é世😀\"; y\r\nz\n"})
	for _, tc := range []struct{ line, col, want int }{
		{1, 1, 1},
		{1, 7, 7},   // é starts at byte 7
		{1, 9, 8},   // é is 2 bytes, 1 unit
		{1, 12, 9},  // 世 is 3 bytes, 1 unit
		{1, 16, 11}, // 😀 is 4 bytes, 2 units (a surrogate pair)
		{1, 20, 15}, // y
		{2, 2, 2},   // past the end of "z"
		{9, 5, 5},   // no such line: unchanged
	} {
		if got := files.UTF16Column("/r/a.go", tc.line, tc.col); got != tc.want {
			t.Errorf("UTF16Column(%d:%d) = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
	if got := files.Line("/r/a.go", 1); got != "x := \"é世😀\"; y" {
		t.Errorf("Line drops the \\r: %q", got)
	}
}

func TestGitHubEscaping(t *testing.T) {
	f := finding("/r/dir,x/a:b.go", 3, 2, "c")
	f.Message = "100% wrong,\r\nsecond line: here"
	f.Analyzer = "a,b"
	var buf bytes.Buffer
	r := &output.Report{Tool: output.Tool{Name: "timeoutlint"}, Root: "/r", Findings: []output.Finding{f}, Files: memFiles(nil)}
	if err := output.WriteGitHub(&buf, r); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=dir%2Cx/a%3Ab.go,line=3,col=2,endLine=3,endColumn=15,title=a%2Cb/c::100%25 wrong,%0D%0Asecond line: here\n"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}

func TestGitHubSummaryNotice(t *testing.T) {
	var fs []output.Finding
	for i := range output.GitHubAnnotationLimit + 1 {
		fs = append(fs, finding("/r/a.go", i+1, 1, "c"))
	}
	var buf bytes.Buffer
	r := &output.Report{Tool: output.Tool{Name: "timeoutlint"}, Root: "/r", Findings: fs, Files: memFiles(nil)}
	if err := output.WriteGitHub(&buf, r); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != len(fs)+1 || !strings.HasPrefix(lines[len(lines)-1], "::notice title=timeoutlint::11 findings") {
		t.Errorf("no summary notice after %d findings:\n%s", len(fs), buf.String())
	}
}

func TestTextContext(t *testing.T) {
	files := memFiles(map[string]string{"/r/a.go": "l1\nl2\nl3\nl4\n"})
	r := &output.Report{Findings: []output.Finding{finding("/r/a.go", 2, 1, "c")}, Files: files}
	var buf bytes.Buffer
	if err := output.WriteText(&buf, r, 1); err != nil {
		t.Fatal(err)
	}
	want := "/r/a.go:2:1: http.Client has no Timeout\n1\tl1\n2\tl2\n3\tl3\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

type sarifResults struct {
	Runs []struct {
		Results []struct {
			RuleID    string
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI, URIBaseID string }
					Region           struct{ StartLine, StartColumn int }
				}
			}
			PartialFingerprints map[string]string
		}
	}
}

func writeSARIF(t *testing.T, files map[string]string, fs []output.Finding) sarifResults {
	t.Helper()
	var buf bytes.Buffer
	r := &output.Report{Tool: output.Tool{Name: "timeoutlint"}, Root: "/r", Findings: output.Sort(fs), Files: memFiles(files)}
	if err := output.WriteSARIF(&buf, r); err != nil {
		t.Fatal(err)
	}
	var log sarifResults
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestSARIFFingerprints checks that fingerprints depend on the rule and the
// line's text, not on its number or indentation, and that identical lines
// are told apart by their occurrence.
func TestSARIFFingerprints(t *testing.T) {
	const src = "package a\n\nvar c = &http.Client{}\n\nvar d = &http.Client{}\nvar d = &http.Client{}\n"
	before := writeSARIF(t, map[string]string{"/r/a.go": src}, []output.Finding{
		finding("/r/a.go", 3, 10, "client"),
		finding("/r/a.go", 5, 10, "client"),
		finding("/r/a.go", 6, 10, "client"),
		finding("/r/a.go", 6, 10, "other"),
	})
	// Three lines added above, and the first finding's line re-indented.
	moved := "package a\n\n// x\n// y\n\n\tvar c  =  &http.Client{}\n\nvar d = &http.Client{}\nvar d = &http.Client{}\n"
	after := writeSARIF(t, map[string]string{"/r/a.go": moved}, []output.Finding{
		finding("/r/a.go", 6, 11, "client"),
		finding("/r/a.go", 8, 10, "client"),
		finding("/r/a.go", 9, 10, "client"),
		finding("/r/a.go", 9, 10, "other"),
	})
	seen := make(map[string]bool)
	for i, res := range before.Runs[0].Results {
		fp := res.PartialFingerprints[output.FingerprintKey]
		if got := after.Runs[0].Results[i].PartialFingerprints[output.FingerprintKey]; got != fp {
			t.Errorf("result %d: fingerprint %q became %q when the line moved", i, fp, got)
		}
		if seen[fp] {
			t.Errorf("result %d: fingerprint %q is not unique", i, fp)
		}
		seen[fp] = true
	}
	fps := func(i int) string { return before.Runs[0].Results[i].PartialFingerprints[output.FingerprintKey] }
	if h1, _, _ := strings.Cut(fps(1), ":"); !strings.HasSuffix(fps(1), ":1") || fps(2) != h1+":2" {
		t.Errorf("identical lines: fingerprints %q and %q, want the same hash with occurrences 1 and 2", fps(1), fps(2))
	}
	if h2, _, _ := strings.Cut(fps(2), ":"); strings.HasPrefix(fps(3), h2) {
		t.Errorf("two rules on one line share a hash: %q, %q", fps(2), fps(3))
	}
}

func TestSARIFURIs(t *testing.T) {
	log := writeSARIF(t, nil, []output.Finding{
		finding("/r/sub dir/a.go", 1, 1, "c"),
		finding("/elsewhere/b.go", 1, 1, "c"),
	})
	got := log.Runs[0].Results
	if loc := got[1].Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "sub%20dir/a.go" || loc.URIBaseID != "%SRCROOT%" {
		t.Errorf("file inside the root: %+v", loc)
	}
	if loc := got[0].Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "file:///elsewhere/b.go" || loc.URIBaseID != "" {
		t.Errorf("file outside the root: %+v", loc)
	}
}

func TestRDJSONFirstFixOnly(t *testing.T) {
	f := finding("/w/a.go", 2, 5, "c")
	f.Fixes = []output.Fix{
		{Message: "first", Edits: []output.Edit{{Pos: pos("/w/a.go", 2, 5), End: pos("/w/a.go", 2, 7), New: "14"}}},
		{Message: "alternative", Edits: []output.Edit{{Pos: pos("/w/a.go", 2, 5), New: "x"}}},
	}
	var buf bytes.Buffer
	r := &output.Report{Tool: output.Tool{Name: "timeoutlint"}, WorkDir: "/w", Findings: []output.Finding{f}}
	if err := output.WriteRDJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Diagnostics []struct {
			Location    struct{ Path string }
			Suggestions []struct {
				Range struct{ Start, End struct{ Line, Column int } }
				Text  string
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	d := res.Diagnostics[0]
	if d.Location.Path != "a.go" || len(d.Suggestions) != 1 || d.Suggestions[0].Text != "14" ||
		d.Suggestions[0].Range.End.Column != 7 {
		t.Errorf("diagnostic = %+v, want path a.go and the first fix's one suggestion 2:5-2:7", d)
	}
}

func TestRDJSONEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := output.WriteRDJSON(&buf, &output.Report{Tool: output.Tool{Name: "timeoutlint"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"diagnostics": []`) {
		t.Errorf("no findings: %s", buf.String())
	}
}

const doc = `check that http clients have a timeout

Intro paragraph.

# client-no-timeout

An http.Client whose Timeout is never set. More text here:

	c := &http.Client{}

# default-client

http.DefaultClient used to send.

# Boundaries

Not reported: tests.`

func TestRuleFromDoc(t *testing.T) {
	const url = "https://pkg.go.dev/x/nohttptimeout"
	r := output.RuleFromDoc("nohttptimeout", "client-no-timeout", doc, url)
	if r.ID != "nohttptimeout/client-no-timeout" || r.Short != "An http.Client whose Timeout is never set." ||
		r.Full != "An http.Client whose Timeout is never set. More text here:\n\n\tc := &http.Client{}" ||
		r.HelpURI != url+"#hdr-client_no_timeout" {
		t.Errorf("client-no-timeout: %+v", r)
	}
	if r := output.RuleFromDoc("nohttptimeout", "default-client", doc, url); r.Full != "http.DefaultClient used to send." {
		t.Errorf("default-client section runs into the next heading: %q", r.Full)
	}
	r = output.RuleFromDoc("nohttptimeout", "undocumented", doc, url)
	if r.Short != "check that http clients have a timeout" || r.HelpURI != url {
		t.Errorf("category without a section: %+v", r)
	}
	if r := output.RuleFromDoc("a", "", "summary", ""); r.ID != "a" || r.Short != "summary" {
		t.Errorf("no category: %+v", r)
	}
}
