package main_test

import (
	"cmp"
	"encoding/json"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/timeoutlint/timeoutlint/internal/output"
)

// The shared fixture module: four findings, two of them with suggested
// fixes, one on a line with non-ASCII text before it.
//
//	lib/lib.go:6:35   nohttptimeout/client-no-timeout (fix)
//	lib/lib.go:8:47   nohttptimeout/client-no-timeout (fix; UTF-16 column 40)
//	lib/lib.go:10:53  nohttptimeout/default-client
//	main.go:9:12      nohttptimeout/serve-no-timeout (fix)
const libGo = `package lib

import "net/http"

// New returns a client.
func New() *http.Client { return &http.Client{} }

var greeting, Other = "héllo, 世界 😀", &http.Client{}

func Get(u string) (*http.Response, error) { return http.Get(u) }
`

var fixtureFiles = map[string]string{"main.go": badMain, "lib/lib.go": libGo}

// sarifOf writes findings as SARIF with the internal/output writer.
func sarifOf(t *testing.T, fs []output.Finding) string {
	t.Helper()
	var buf strings.Builder
	r := &output.Report{Tool: output.Tool{Name: "timeoutlint", Version: "devel"}, Root: "/r", Findings: fs}
	if err := output.WriteSARIF(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// only restricts the format tests to the analyzer that the fixtures are
// about: it keeps them fast (less to analyze) and independent of the other
// analyzers' findings.
const only = "-nohttptimeout"

var wantFindings = []string{
	"lib/lib.go:6:35 nohttptimeout/client-no-timeout",
	"lib/lib.go:8:47 nohttptimeout/client-no-timeout",
	"lib/lib.go:10:53 nohttptimeout/default-client",
	"main.go:9:12 nohttptimeout/serve-no-timeout",
}

type result struct {
	code           int
	stdout, stderr string
}

type cachedResult struct {
	once sync.Once
	result
}

var (
	fixtureOnce sync.Once
	fixtureDir  string
	fixtureErr  error

	outputsMu sync.Mutex
	outputs   = make(map[string]*cachedResult)
)

// fixture writes the shared fixture module once per test binary.
func fixture(t *testing.T) string {
	t.Helper()
	fixtureOnce.Do(func() {
		fixtureDir, fixtureErr = os.MkdirTemp("", "timeoutlint-fixture")
		if fixtureErr != nil {
			return
		}
		fixtureErr = writeFiles(fixtureDir, fixtureFiles)
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureDir
}

// fixtureOutput runs the command with only, args and ./... on the fixture
// module, once per argument list and test binary.
func fixtureOutput(t *testing.T, args ...string) result {
	t.Helper()
	dir, bin := fixture(t), binary(t)
	key := strings.Join(args, "\x00")
	outputsMu.Lock()
	c, ok := outputs[key]
	if !ok {
		c = new(cachedResult)
		outputs[key] = c
	}
	outputsMu.Unlock()
	c.once.Do(func() {
		c.code, c.stdout, c.stderr = run(t, dir, bin, append(append([]string{only}, args...), "./...")...)
	})
	return c.result
}

func writeFiles(dir string, files map[string]string) error {
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureDir != "" {
		os.RemoveAll(fixtureDir)
	}
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

func TestFormatText(t *testing.T) {
	t.Parallel()
	r := fixtureOutput(t, "-format", "text")
	if r.code != 3 || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q; want 3 and nothing on stdout; stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	// The same lines as multichecker prints, in file order.
	plain := fixtureOutput(t)
	got, want := lines(r.stderr), lines(plain.stderr)
	if len(got) != len(wantFindings) || !strings.HasSuffix(got[0], "lib/lib.go:6:35: http.Client has no Timeout; a slow server can block its requests forever; set Timeout") {
		t.Errorf("-format text printed:\n%s\nwant %d lines in file and line order", r.stderr, len(wantFindings))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("-format text:\n%s\nwant multichecker's lines:\n%s", r.stderr, plain.stderr)
	}
}

func TestFormatJSON(t *testing.T) {
	t.Parallel()
	r := fixtureOutput(t, "-format", "json")
	if r.code != 3 {
		t.Errorf("-format json: exit %d, want 3 (findings); stderr:\n%s", r.code, r.stderr)
	}
	// Exactly multichecker's -json document, which keeps exit status 0.
	legacy := fixtureOutput(t, "-json")
	if legacy.code != 0 || r.stdout != legacy.stdout {
		t.Errorf("-json exit %d (want 0); -format json output differs from -json:\n%s\n---\n%s", legacy.code, r.stdout, legacy.stdout)
	}
	var tree map[string]map[string][]struct {
		Posn, Category string
	}
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatalf("-format json: %v\n%s", err, r.stdout)
	}
	var got []string
	for _, byAnalyzer := range tree {
		for name, diags := range byAnalyzer {
			for _, d := range diags {
				got = append(got, relPosn(t, d.Posn)+" "+name+"/"+d.Category)
			}
		}
	}
	slices.SortFunc(got, compareKeys)
	checkFindings(t, "-format json", got, wantFindings)
}

// sarifLog is the part of a SARIF log that the tests look at.
type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version, InformationURI string
				Rules                         []struct {
					ID                                string
					ShortDescription, FullDescription struct{ Text string }
					HelpURI                           string
				}
			}
		}
		ColumnKind string
		Results    []sarifResult
	}
}

type sarifResult struct {
	RuleID    string
	RuleIndex int
	Level     string
	Message   struct{ Text string }
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI, URIBaseID string }
			Region           sarifRegion
		}
	}
	PartialFingerprints map[string]string
	Fixes               []struct {
		Description     struct{ Text string }
		ArtifactChanges []struct {
			ArtifactLocation struct{ URI, URIBaseID string }
			Replacements     []struct {
				DeletedRegion   sarifRegion
				InsertedContent struct{ Text string }
			}
		}
	}
}

type sarifRegion struct{ StartLine, StartColumn, EndLine, EndColumn int }

func parseSARIF(t *testing.T, out string) sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("SARIF output is not JSON: %v\n%s", err, out)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("SARIF has %d runs, want 1", len(log.Runs))
	}
	return log
}

func (r sarifResult) key() string {
	loc := r.Locations[0].PhysicalLocation
	return loc.ArtifactLocation.URI + ":" + itoa(loc.Region.StartLine) + ":" + itoa(loc.Region.StartColumn) + " " + r.RuleID
}

func TestFormatSARIF(t *testing.T) {
	t.Parallel()
	r := fixtureOutput(t, "-format", "sarif")
	if r.code != 3 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 3 and nothing", r.code, r.stderr)
	}
	log := parseSARIF(t, r.stdout)
	if log.Version != "2.1.0" || log.Schema == "" {
		t.Errorf("version %q, $schema %q", log.Version, log.Schema)
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Name != "timeoutlint" || d.Version == "" || !strings.HasPrefix(d.InformationURI, "https://") {
		t.Errorf("tool.driver = %q %q %q", d.Name, d.Version, d.InformationURI)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
	var ids []string
	for _, rule := range d.Rules {
		ids = append(ids, rule.ID)
		if rule.ShortDescription.Text == "" || rule.FullDescription.Text == "" {
			t.Errorf("rule %s has no description", rule.ID)
		}
	}
	if want := []string{"nohttptimeout/client-no-timeout", "nohttptimeout/default-client", "nohttptimeout/serve-no-timeout"}; !slices.Equal(ids, want) {
		t.Errorf("rules = %v, want %v", ids, want)
	}
	if rule := d.Rules[0]; !strings.HasSuffix(rule.HelpURI, "/analyzers/nohttptimeout#hdr-client_no_timeout") ||
		!strings.Contains(rule.FullDescription.Text, "c := &http.Client{Transport: t, Timeout: 10 * time.Second}") {
		t.Errorf("rule %s: helpUri %q, fullDescription not the doc's category section:\n%s", rule.ID, rule.HelpURI, rule.FullDescription.Text)
	}

	var got []string
	prints := make(map[string]bool)
	for _, res := range run.Results {
		got = append(got, res.key())
		if res.RuleIndex < 0 || res.RuleIndex >= len(ids) || ids[res.RuleIndex] != res.RuleID {
			t.Errorf("%s: ruleIndex %d does not name its rule", res.key(), res.RuleIndex)
		}
		loc := res.Locations[0].PhysicalLocation
		if res.Level != "warning" || res.Message.Text == "" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" ||
			loc.Region.EndLine < loc.Region.StartLine || loc.Region.EndColumn == 0 {
			t.Errorf("%s: level %q, message %q, location %+v", res.key(), res.Level, res.Message.Text, loc)
		}
		fp := res.PartialFingerprints["primaryLocationLineHash"]
		if !regexp.MustCompile(`^[0-9a-f]{16}:[1-9][0-9]*$`).MatchString(fp) || prints[fp] {
			t.Errorf("%s: fingerprint %q malformed or not unique", res.key(), fp)
		}
		prints[fp] = true
	}
	// Line 8 has "héllo, 世界 😀" before the finding: byte column 47 is
	// UTF-16 column 40.
	wantUTF16 := slices.Clone(wantFindings)
	wantUTF16[1] = "lib/lib.go:8:40 nohttptimeout/client-no-timeout"
	checkFindings(t, "-format sarif", got, wantUTF16)

	// The first client-no-timeout finding carries its fix: an import and
	// the Timeout field, both insertions.
	res := run.Results[0]
	if len(res.Fixes) != 1 || len(res.Fixes[0].ArtifactChanges) != 1 {
		t.Fatalf("%s: fixes = %+v, want one fix in one file", res.key(), res.Fixes)
	}
	fix := res.Fixes[0]
	ch := fix.ArtifactChanges[0]
	if fix.Description.Text != "Add Timeout to http.Client" || ch.ArtifactLocation.URI != "lib/lib.go" || len(ch.Replacements) != 2 {
		t.Fatalf("%s: fix = %+v", res.key(), fix)
	}
	if rep := ch.Replacements[1]; rep.DeletedRegion != (sarifRegion{6, 47, 6, 47}) || rep.InsertedContent.Text != "Timeout: 10 * time.Second" {
		t.Errorf("%s: second replacement = %+v, want insertion of the Timeout field at 6:47", res.key(), rep)
	}
	if len(run.Results[2].Fixes) != 0 {
		t.Errorf("default-client has no suggested fix, SARIF has %d", len(run.Results[2].Fixes))
	}
}

// TestSARIFSchema validates SARIF output against the official SARIF 2.1.0
// schema with a real JSON Schema validator, run from its own module in
// testdata/sarifcheck (see its README.md).
func TestSARIFSchema(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the validator module")
	}
	dir := t.TempDir()
	findings := fixtureOutput(t, "-format", "sarif").stdout
	docs := map[string]string{
		"findings.sarif": findings,
		"clean.sarif":    sarifOf(t, nil),
		// Parts that the fixture does not produce: related locations, a
		// file outside the root, a deletion, alternative fixes.
		"extra.sarif": sarifOf(t, []output.Finding{{
			Analyzer: "a", Category: "c", Message: "m",
			Pos:     token.Position{Filename: "/elsewhere/x.go", Line: 2, Column: 3},
			Related: []output.Related{{Pos: token.Position{Filename: "/r/y.go", Line: 1, Column: 1}, Message: "see"}},
			Fixes: []output.Fix{
				{Message: "delete", Edits: []output.Edit{{Pos: token.Position{Filename: "/r/y.go", Line: 1, Column: 1}, End: token.Position{Filename: "/r/y.go", Line: 2, Column: 1}}}},
				{Message: "insert", Edits: []output.Edit{{Pos: token.Position{Filename: "/r/y.go", Line: 1, Column: 1}, New: "x"}}},
			},
		}}),
		// A log the schema must reject, to prove that validation happens.
		"invalid.sarif": strings.Replace(findings, `"level": "warning"`, `"level": "fatal"`, 1),
	}
	var files []string
	for name, doc := range docs {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	slices.Sort(files)
	cmd := exec.Command("go", append([]string{"run", "."}, files...)...)
	cmd.Dir = filepath.Join("testdata", "sarifcheck")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly")
	out, _ := cmd.CombinedOutput()
	for _, f := range files {
		want := ": valid"
		if strings.HasSuffix(f, "invalid.sarif") {
			want = ": invalid: "
		}
		if !strings.Contains(string(out), f+want) {
			t.Errorf("sarifcheck: want %s%s; output:\n%s", filepath.Base(f), want, out)
		}
	}
}

var githubRE = regexp.MustCompile(`^::warning file=([^,]+),line=(\d+),col=(\d+),endLine=\d+,endColumn=\d+,title=([^:]+)::(.+)$`)

func TestFormatGitHub(t *testing.T) {
	t.Parallel()
	r := fixtureOutput(t, "-format", "github")
	if r.code != 3 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 3 and nothing", r.code, r.stderr)
	}
	var got []string
	for _, l := range lines(r.stdout) {
		m := githubRE.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("not a workflow command annotation: %q", l)
			continue
		}
		got = append(got, m[1]+":"+m[2]+":"+m[3]+" "+m[4])
	}
	wantUTF16 := slices.Clone(wantFindings)
	wantUTF16[1] = "lib/lib.go:8:40 nohttptimeout/client-no-timeout"
	checkFindings(t, "-format github", got, wantUTF16)
}

type rdjsonResult struct {
	Source      struct{ Name, URL string }
	Severity    string
	Diagnostics []struct {
		Message  string
		Location struct {
			Path  string
			Range rdRange
		}
		Severity    string
		Code        struct{ Value, URL string }
		Suggestions []struct {
			Range rdRange
			Text  string
		}
	}
}

type rdRange struct {
	Start, End struct{ Line, Column int }
}

func parseRDJSON(t *testing.T, out string) rdjsonResult {
	t.Helper()
	var res rdjsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("rdjson output is not JSON: %v\n%s", err, out)
	}
	return res
}

func (res rdjsonResult) keys() []string {
	var keys []string
	for _, d := range res.Diagnostics {
		keys = append(keys, d.Location.Path+":"+itoa(d.Location.Range.Start.Line)+":"+itoa(d.Location.Range.Start.Column)+" "+d.Code.Value)
	}
	return keys
}

func TestFormatRDJSON(t *testing.T) {
	t.Parallel()
	r := fixtureOutput(t, "-format", "rdjson")
	if r.code != 3 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 3 and nothing", r.code, r.stderr)
	}
	res := parseRDJSON(t, r.stdout)
	if res.Source.Name != "timeoutlint" || res.Source.URL == "" || res.Severity != "WARNING" {
		t.Errorf("source %+v, severity %q", res.Source, res.Severity)
	}
	checkFindings(t, "-format rdjson", res.keys(), wantFindings) // byte columns
	d := res.Diagnostics[0]
	if d.Severity != "WARNING" || d.Message == "" || !strings.HasSuffix(d.Code.URL, "#hdr-client_no_timeout") {
		t.Errorf("diagnostic %+v", d)
	}
	if d.Location.Range.End.Line != 6 || d.Location.Range.End.Column != 48 {
		t.Errorf("end = %+v, want 6:48", d.Location.Range.End)
	}
	if len(d.Suggestions) != 2 {
		t.Fatalf("suggestions = %+v, want the two edits of the fix", d.Suggestions)
	}
	if s := d.Suggestions[1]; s.Range.Start.Line != 6 || s.Range.Start.Column != 47 || s.Range.End != s.Range.Start || s.Text != "Timeout: 10 * time.Second" {
		t.Errorf("suggestion = %+v, want insertion at 6:47", s)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	notGit := t.TempDir() // not inside a git repository
	if err := writeFiles(notGit, map[string]string{"main.go": badMain}); err != nil {
		t.Fatal(err)
	}
	repo := gitRepo(t, map[string]string{"main.go": badMain})
	for _, tc := range []struct {
		name, dir string
		args      []string
		want      string
		code      int
	}{
		{"unknown format", notGit, []string{"-format", "xml", "./..."}, `timeoutlint: unknown -format "xml" (want one of text, json, sarif, github, rdjson)`, 1},
		{"json and sarif", notGit, []string{"-json", "-format", "sarif", "./..."}, "timeoutlint: -json conflicts with -format sarif", 1},
		{"unknown revision", repo, []string{"-new-from-rev", "no-such-rev", "./..."}, `timeoutlint: -new-from-rev: unknown revision "no-such-rev"`, 1},
		{"outside git", notGit, []string{"-new-from-rev", "HEAD", "./..."}, "timeoutlint: -new-from-rev: " + notGit + " is not in a git repository", 1},
		{"fix", notGit, []string{"-format", "sarif", "-fix", "./..."}, "timeoutlint: -fix cannot be combined with -format or -new-from-rev; run without them", 1},
		{"unknown flag", notGit, []string{"-format", "sarif", "-no-such-flag", "./..."}, "timeoutlint: flag provided but not defined: -no-such-flag", 2},
		{"flag after packages", notGit, []string{"-format", "sarif", "./...", "-c"}, "timeoutlint: flag -c after the packages: flags must come first", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := run(t, tc.dir, bin, tc.args...)
			if code != tc.code || stdout != "" || stderr != tc.want+"\n" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, nothing and the line %q", code, stdout, stderr, tc.code, tc.want)
			}
		})
	}
}

func TestBrokenPackageStandalone(t *testing.T) {
	t.Parallel()
	dir := module(t, map[string]string{
		"main.go":    "package main\n\nfunc main() { var x int = \"s\"; _ = x }\n",
		"ok/ok.go":   "package ok\n\nimport \"net/http\"\n\nvar C = &http.Client{}\n",
		"bad/bad.go": "package bad\n\nfunc F() int { return \"s\" }\n",
	})
	code, stdout, stderr := run(t, dir, binary(t), "-format", "sarif", "./...")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := []string{
		`timeoutlint: example.com/m/bad: ` + dir + `/bad/bad.go:3:23: cannot use "s" (untyped string constant) as int value in return statement`,
		`timeoutlint: example.com/m: ` + dir + `/main.go:3:27: cannot use "s" (untyped string constant) as int value in variable declaration`,
	}
	got := lines(stderr)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("stderr:\n%q\nwant one line per error:\n%q", got, want)
	}
	// The packages that did load are still reported, in valid SARIF.
	if res := parseSARIF(t, stdout).Runs[0].Results; len(res) != 1 || res[0].RuleID != "nohttptimeout/client-no-timeout" {
		t.Errorf("results = %+v, want the finding in ok/ok.go", res)
	}
}

func TestFlagsForGoVet(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	code, stdout, _ := run(t, t.TempDir(), bin, "-flags")
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(stdout), &flags); code != 0 || err != nil {
		t.Fatalf("-flags: exit %d, %v:\n%s", code, err, stdout)
	}
	var names []string
	for _, f := range flags {
		names = append(names, f.Name)
	}
	if slices.Contains(names, "format") || slices.Contains(names, "new-from-rev") || !slices.Contains(names, "json") {
		t.Errorf("-flags lists %v; want the multichecker flags, without the standalone-only -format and -new-from-rev", names)
	}
	// Help lists them, marked standalone only.
	_, help, _ := run(t, t.TempDir(), bin, "help")
	if !regexp.MustCompile(`-format format\n\s+output format: .*standalone only`).MatchString(help) ||
		!strings.Contains(help, "-new-from-rev REV") {
		t.Errorf("help does not list -format and -new-from-rev:\n%s", help)
	}
}

// checkFindings compares "path:line:col rule" keys, in order.
func checkFindings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s findings:\n\t%s\nwant:\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// compareKeys orders "path:line:col rule" keys by path, then line and
// column as numbers.
func compareKeys(a, b string) int {
	split := func(k string) (string, int, int) {
		posn, _, _ := strings.Cut(k, " ")
		parts := strings.Split(posn, ":")
		line, _ := strconv.Atoi(parts[1])
		col, _ := strconv.Atoi(parts[2])
		return parts[0], line, col
	}
	af, al, ac := split(a)
	bf, bl, bc := split(b)
	return cmp.Or(strings.Compare(af, bf), cmp.Compare(al, bl), cmp.Compare(ac, bc))
}

// relPosn turns an absolute "file:line:col" into one relative to the fixture.
func relPosn(t *testing.T, posn string) string {
	rel, err := filepath.Rel(fixtureDir, posn)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(rel)
}

func lines(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '\n' })
}

func itoa(i int) string { return strconv.Itoa(i) }
