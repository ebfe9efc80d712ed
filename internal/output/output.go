// Package output writes timeoutlint findings in the formats that code review
// tools and code scanning read: plain text, SARIF 2.1.0, GitHub Actions
// workflow commands and reviewdog's rdjson.
//
// The command builds a [Report] from the diagnostics of a go/analysis run
// (go/token positions, byte offsets) and hands it to one writer. Writers that
// need line text (SARIF's UTF-16 columns and fingerprints) read the files
// through the report's [Files] cache.
//
// Every finding's rule id is "<analyzer>/<category>" (just "<analyzer>" when
// the diagnostic has no category), the same in every format.
package output

import (
	"cmp"
	"go/doc/comment"
	"go/token"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
)

// A Finding is one diagnostic, positioned by go/token.
type Finding struct {
	Analyzer string
	Category string
	Message  string
	Pos, End token.Position // End is invalid when the diagnostic has no end
	Fixes    []Fix
	Related  []Related
}

// RuleID returns the finding's rule id, "<analyzer>/<category>".
func (f *Finding) RuleID() string { return RuleID(f.Analyzer, f.Category) }

// RuleID returns the rule id of an analyzer's category: "<analyzer>/<category>",
// or the analyzer name alone when category is empty.
func RuleID(analyzer, category string) string {
	if category == "" {
		return analyzer
	}
	return analyzer + "/" + category
}

// A Fix is one suggested fix: a message and the edits that make it.
type Fix struct {
	Message string
	Edits   []Edit
}

// An Edit replaces the text between Pos and End (equal for an insertion) with New.
type Edit struct {
	Pos, End token.Position
	New      string
}

// Related is a secondary location mentioned by a finding.
type Related struct {
	Pos, End token.Position
	Message  string
}

// A Rule describes a rule id for SARIF's tool.driver.rules and rdjson's code.url.
type Rule struct {
	ID      string
	Short   string // one line
	Full    string // the category's documentation, or the analyzer's summary
	HelpURI string
}

// Tool names the program that produced the findings.
type Tool struct {
	Name           string
	Version        string
	InformationURI string
}

// A Report is everything a writer needs.
type Report struct {
	Tool     Tool
	Findings []Finding
	// Rules describes each rule id used by Findings; ids missing from it
	// get a rule with only an id.
	Rules map[string]Rule
	// Root is the directory that SARIF and GitHub paths are relative to:
	// the repository root (git's top level), or the current directory.
	Root string
	// WorkDir is the directory that rdjson paths are relative to, the
	// current directory, since reviewdog resolves relative paths there.
	WorkDir string
	// Files reads source files; nil means a fresh cache reading from disk.
	Files *Files
}

func (r *Report) files() *Files {
	if r.Files == nil {
		r.Files = NewFiles(nil)
	}
	return r.Files
}

func (r *Report) rule(id string) Rule {
	if rule, ok := r.Rules[id]; ok {
		rule.ID = id
		return rule
	}
	return Rule{ID: id}
}

// Sort orders findings by file, line, column, rule id and message, and drops
// exact duplicates (the same finding reported for a package and for its test
// variant).
func Sort(findings []Finding) []Finding {
	slices.SortStableFunc(findings, compareFindings)
	return slices.CompactFunc(findings, func(a, b Finding) bool {
		return compareFindings(a, b) == 0 && a.End == b.End
	})
}

func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Filename, b.Pos.Filename),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.RuleID(), b.RuleID()),
		cmp.Compare(a.Message, b.Message),
	)
}

// RuleFromDoc describes the rule id of an analyzer's category from the
// analyzer's Doc and URL. The category's section is the text under a
// "# <category>" heading of the Doc, up to the next heading; its first
// sentence is the short description and HelpURI points at its anchor on the
// analyzer's documentation page. Without such a section the analyzer's
// summary (the Doc's first line) describes the rule.
func RuleFromDoc(analyzer, category, doc, docURL string) Rule {
	summary, _, _ := strings.Cut(doc, "\n")
	rule := Rule{ID: RuleID(analyzer, category), Short: summary, Full: summary, HelpURI: docURL}
	if category == "" {
		return rule
	}
	section := docSection(doc, category)
	if section == "" {
		return rule
	}
	rule.Full = section
	rule.Short = firstSentence(section)
	if docURL != "" {
		h := &comment.Heading{Text: []comment.Text{comment.Plain(category)}}
		rule.HelpURI = docURL + "#" + h.DefaultID()
	}
	return rule
}

// docSection returns the text under the "# heading" line of doc, up to the
// next "# " heading, trimmed.
func docSection(doc, heading string) string {
	lines := strings.Split(doc, "\n")
	start := slices.Index(lines, "# "+heading)
	if start < 0 {
		return ""
	}
	end := len(lines)
	for i := start + 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "# ") {
			end = i
			break
		}
	}
	return strings.TrimSpace(strings.Join(lines[start+1:end], "\n"))
}

// firstSentence returns the first sentence of the first paragraph of text,
// on one line.
func firstSentence(text string) string {
	para, _, _ := strings.Cut(text, "\n\n")
	para = strings.Join(strings.Fields(para), " ")
	if i := strings.Index(para, ". "); i >= 0 {
		return para[:i+1]
	}
	return strings.TrimSuffix(para, ":")
}

// relPath returns filename relative to base, with forward slashes, and
// whether it lies inside base.
func relPath(base, filename string) (string, bool) {
	if base == "" {
		return filepath.ToSlash(filename), false
	}
	rel, err := filepath.Rel(base, filename)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(filename), false
	}
	return filepath.ToSlash(rel), true
}

// fileURI returns a URI reference for filename: relative to base (escaped
// like a URL path) when it lies inside base, an absolute file URI otherwise.
func fileURI(base, filename string) (uri string, relative bool) {
	rel, inside := relPath(base, filename)
	if !inside {
		return (&url.URL{Scheme: "file", Path: filepath.ToSlash(filename)}).String(), false
	}
	u := (&url.URL{Path: rel}).String()
	return u, true
}
