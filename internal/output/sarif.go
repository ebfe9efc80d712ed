package output

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"slices"
	"strings"
)

// SARIF 2.1.0, the subset that GitHub code scanning and reviewdog read.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool       sarifTool     `json:"tool"`
		ColumnKind string        `json:"columnKind"`
		Results    []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string             `json:"id"`
		ShortDescription     *sarifText         `json:"shortDescription,omitempty"`
		FullDescription      *sarifText         `json:"fullDescription,omitempty"`
		HelpURI              string             `json:"helpUri,omitempty"`
		Help                 *sarifText         `json:"help,omitempty"`
		DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	}
	sarifConfiguration struct {
		Level string `json:"level"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Fixes               []sarifFix        `json:"fixes,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
		Message          *sarifText            `json:"message,omitempty"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           sarifRegion           `json:"region"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
	sarifFix struct {
		Description     sarifText             `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Replacements     []sarifReplacement    `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion `json:"deletedRegion"`
		InsertedContent *sarifText  `json:"insertedContent,omitempty"`
	}
)

const (
	// SARIFSchema is the $schema written into SARIF logs, the URI that
	// GitHub's documentation uses.
	SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

	// FingerprintKey is the partialFingerprints key of SARIF results.
	FingerprintKey = "primaryLocationLineHash"

	srcRoot = "%SRCROOT%"
)

// WriteSARIF writes r as a SARIF 2.1.0 log with one run.
//
// Artifact URIs are relative to r.Root with uriBaseId "%SRCROOT%" (files
// outside it get absolute file URIs). Regions are 1-based with exclusive end
// columns counted in UTF-16 code units (run.columnKind "utf16CodeUnits",
// SARIF's default and what GitHub assumes): go/token byte columns are
// converted using the line's text.
//
// Each result has a partialFingerprints[FingerprintKey] of the form
// "<hash>:<n>": hash is computed from the rule id and the finding's line
// with its white space normalized, n counts the earlier results of the same
// file with the same hash. It does not use line numbers, so it stays the same
// when unrelated lines are added or removed above the finding.
func WriteSARIF(w io.Writer, r *Report) error {
	files := r.files()
	rules := []sarifRule{}
	ruleIndex := make(map[string]int)
	for _, f := range r.Findings {
		id := f.RuleID()
		if _, ok := ruleIndex[id]; !ok {
			ruleIndex[id] = -1
		}
	}
	ids := make([]string, 0, len(ruleIndex))
	for id := range ruleIndex {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for i, id := range ids {
		ruleIndex[id] = i
		rules = append(rules, sarifRuleOf(r.rule(id)))
	}

	occurrences := make(map[[2]string]int) // (file, hash) -> results so far
	results := make([]sarifResult, 0, len(r.Findings))
	for _, f := range r.Findings {
		id := f.RuleID()
		hash := lineHash(id, files.Line(f.Pos.Filename, f.Pos.Line))
		key := [2]string{f.Pos.Filename, hash}
		occurrences[key]++
		res := sarifResult{
			RuleID:              id,
			RuleIndex:           ruleIndex[id],
			Level:               "warning",
			Message:             sarifText{Text: f.Message},
			Locations:           []sarifLocation{{PhysicalLocation: r.sarifPhysical(f.Pos, f.End)}},
			PartialFingerprints: map[string]string{FingerprintKey: fmt.Sprintf("%s:%d", hash, occurrences[key])},
		}
		for _, rel := range f.Related {
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				PhysicalLocation: r.sarifPhysical(rel.Pos, rel.End),
				Message:          &sarifText{Text: rel.Message},
			})
		}
		for _, fix := range f.Fixes {
			res.Fixes = append(res.Fixes, r.sarifFixOf(fix))
		}
		results = append(results, res)
	}

	log := sarifLog{
		Schema:  SARIFSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           r.Tool.Name,
				Version:        r.Tool.Version,
				InformationURI: r.Tool.InformationURI,
				Rules:          rules,
			}},
			ColumnKind: "utf16CodeUnits",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func sarifRuleOf(rule Rule) sarifRule {
	sr := sarifRule{ID: rule.ID, HelpURI: rule.HelpURI, DefaultConfiguration: sarifConfiguration{Level: "warning"}}
	if rule.Short != "" {
		sr.ShortDescription = &sarifText{Text: rule.Short}
	}
	if rule.Full != "" {
		sr.FullDescription = &sarifText{Text: rule.Full}
		sr.Help = &sarifText{Text: rule.Full}
	}
	return sr
}

// lineHash returns a hex hash of a rule id and a line's text with its white
// space normalized.
func lineHash(ruleID, line string) string {
	sum := sha256.Sum256([]byte(ruleID + "\x00" + strings.Join(strings.Fields(line), " ")))
	return hex.EncodeToString(sum[:8])
}

func (r *Report) sarifArtifact(filename string) sarifArtifactLocation {
	uri, relative := fileURI(r.Root, filename)
	if relative {
		return sarifArtifactLocation{URI: uri, URIBaseID: srcRoot}
	}
	return sarifArtifactLocation{URI: uri}
}

func (r *Report) sarifRegion(pos, end token.Position) sarifRegion {
	files := r.files()
	rg := sarifRegion{
		StartLine:   pos.Line,
		StartColumn: files.UTF16Column(pos.Filename, pos.Line, pos.Column),
	}
	if end.IsValid() {
		rg.EndLine = end.Line
		rg.EndColumn = files.UTF16Column(end.Filename, end.Line, end.Column)
	}
	return rg
}

func (r *Report) sarifPhysical(pos, end token.Position) sarifPhysicalLocation {
	return sarifPhysicalLocation{ArtifactLocation: r.sarifArtifact(pos.Filename), Region: r.sarifRegion(pos, end)}
}

// sarifFixOf converts a fix, grouping its edits by file in order of first
// appearance.
func (r *Report) sarifFixOf(fix Fix) sarifFix {
	sf := sarifFix{Description: sarifText{Text: fix.Message}}
	byFile := make(map[string]int)
	for _, e := range fix.Edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		i, ok := byFile[e.Pos.Filename]
		if !ok {
			i = len(sf.ArtifactChanges)
			byFile[e.Pos.Filename] = i
			sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: r.sarifArtifact(e.Pos.Filename)})
		}
		rep := sarifReplacement{DeletedRegion: r.sarifRegion(e.Pos, end)}
		if e.New != "" {
			rep.InsertedContent = &sarifText{Text: e.New}
		}
		sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, rep)
	}
	return sf
}
