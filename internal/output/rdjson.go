package output

import (
	"encoding/json"
	"go/token"
	"io"
)

// reviewdog's Diagnostic Result JSON (rdjson), see reviewdog's proto/rdf.
type (
	rdResult struct {
		Source      rdSource       `json:"source"`
		Severity    string         `json:"severity"`
		Diagnostics []rdDiagnostic `json:"diagnostics"`
	}
	rdSource struct {
		Name string `json:"name"`
		URL  string `json:"url,omitempty"`
	}
	rdDiagnostic struct {
		Message     string         `json:"message"`
		Location    rdLocation     `json:"location"`
		Severity    string         `json:"severity"`
		Source      rdSource       `json:"source"`
		Code        rdCode         `json:"code"`
		Suggestions []rdSuggestion `json:"suggestions,omitempty"`
	}
	rdLocation struct {
		Path  string  `json:"path"`
		Range rdRange `json:"range"`
	}
	rdRange struct {
		Start rdPosition  `json:"start"`
		End   *rdPosition `json:"end,omitempty"`
	}
	rdPosition struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	}
	rdCode struct {
		Value string `json:"value"`
		URL   string `json:"url,omitempty"`
	}
	rdSuggestion struct {
		Range rdRange `json:"range"`
		Text  string  `json:"text"`
	}
)

// WriteRDJSON writes r as one reviewdog DiagnosticResult (rdjson). Paths are
// relative to r.WorkDir, where reviewdog resolves them; columns are 1-based
// byte columns and ends are exclusive, as rdjson defines them. Suggestions
// come from the first suggested fix only: reviewdog applies all suggestions
// of a diagnostic together, so alternative fixes cannot be offered.
func WriteRDJSON(w io.Writer, r *Report) error {
	src := rdSource{Name: r.Tool.Name, URL: r.Tool.InformationURI}
	out := rdResult{Source: src, Severity: "WARNING", Diagnostics: []rdDiagnostic{}}
	for _, f := range r.Findings {
		path, _ := relPath(r.WorkDir, f.Pos.Filename)
		rule := r.rule(f.RuleID())
		d := rdDiagnostic{
			Message:  f.Message,
			Location: rdLocation{Path: path, Range: rdRangeOf(f.Pos, f.End)},
			Severity: "WARNING",
			Source:   src,
			Code:     rdCode{Value: rule.ID, URL: rule.HelpURI},
		}
		if len(f.Fixes) > 0 {
			for _, e := range f.Fixes[0].Edits {
				if e.Pos.Filename != f.Pos.Filename {
					continue // a suggestion applies to the diagnostic's file only
				}
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				d.Suggestions = append(d.Suggestions, rdSuggestion{Range: rdRangeOf(e.Pos, end), Text: e.New})
			}
		}
		out.Diagnostics = append(out.Diagnostics, d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func rdRangeOf(pos, end token.Position) rdRange {
	rg := rdRange{Start: rdPosition{Line: pos.Line, Column: pos.Column}}
	if end.IsValid() {
		rg.End = &rdPosition{Line: end.Line, Column: end.Column}
	}
	return rg
}
