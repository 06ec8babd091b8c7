package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// SARIF 2.1.0, the subset GitHub code scanning and other consumers read.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
		// OriginalURIBaseIDs maps %SRCROOT% to the base of relative paths.
		OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string          `json:"id"`
		Name                 string          `json:"name"`
		ShortDescription     sarifText       `json:"shortDescription"`
		FullDescription      sarifText       `json:"fullDescription"`
		Help                 sarifHelp       `json:"help"`
		HelpURI              string          `json:"helpUri,omitempty"`
		DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
		Properties           map[string]any  `json:"properties,omitempty"`
	}
	sarifRuleConfig struct {
		Level string `json:"level"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifInvocation struct {
		ExecutionSuccessful bool                  `json:"executionSuccessful"`
		WorkingDirectory    sarifArtifactLocation `json:"workingDirectory"`
		// Notifications are the load problems: packages not analyzed.
		Notifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   string    `json:"level"`
		Message sarifText `json:"message"`
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
		ID               *int                  `json:"id,omitempty"`
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
		StartColumn int `json:"startColumn,omitempty"`
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

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// WriteSARIF writes findings as a SARIF 2.1.0 log with one run. Rule ids
// are analyzer/category, stable across runs; file URIs are relative to
// root (the %SRCROOT% base, normally the repository's root); each result has a partialFingerprints entry
// that survives line shifts (rule, file and the text of the line).
//
// problems are the load problems, one line each: the run is then marked
// unsuccessful, with a notification per problem, since the packages they
// concern were not analyzed.
func WriteSARIF(w io.Writer, version string, analyzers []*analysis.Analyzer, findings []*Finding, root string, problems []string) error {
	cwd, err := os.Getwd()
	if err != nil {
		cwd = root
	}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "commitlint",
			Version:        version,
			InformationURI: "https://github.com/offsetcommit/commitlint",
			Rules:          []sarifRule{},
		}},
		Invocations: []sarifInvocation{{
			ExecutionSuccessful: len(problems) == 0,
			WorkingDirectory:    sarifArtifactLocation{URI: fileURI(cwd)},
		}},
		Results:            []sarifResult{},
		OriginalURIBaseIDs: map[string]sarifArtifactLocation{"%SRCROOT%": {URI: fileURI(root)}},
	}
	for _, p := range problems {
		run.Invocations[0].Notifications = append(run.Invocations[0].Notifications, sarifNotification{Level: "error", Message: sarifText{Text: p}})
	}
	ruleIndex := map[string]int{}
	lines := map[string][]string{}
	occurrences := map[string]int{}
	for _, f := range findings {
		id := f.Rule()
		idx, ok := ruleIndex[id]
		if !ok {
			idx = len(run.Tool.Driver.Rules)
			ruleIndex[id] = idx
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule(f))
		}
		res := sarifResult{
			RuleID:    id,
			RuleIndex: idx,
			Level:     "error",
			Message:   sarifText{Text: f.Diag.Message},
			Locations: []sarifLocation{location(root, f.Posn, f.End, "")},
		}
		for i, r := range f.Diag.Related {
			p := f.Fset.Position(r.Pos)
			end := f.Fset.Position(r.End)
			if !end.IsValid() {
				end = p
			}
			loc := location(root, p, end, r.Message)
			loc.ID = new(i + 1)
			res.RelatedLocations = append(res.RelatedLocations, loc)
		}
		// Fingerprint: rule, file and the normalised text of the line,
		// with an occurrence count for identical lines.
		text := lineText(lines, f.Posn)
		key := id + "\x00" + relPath(root, f.Posn.Filename) + "\x00" + text
		occurrences[key]++
		sum := sha256.Sum256([]byte(key))
		res.PartialFingerprints = map[string]string{
			"primaryLocationLineHash": hex.EncodeToString(sum[:8]) + ":" + strconv.Itoa(occurrences[key]),
		}
		for _, fix := range f.Diag.SuggestedFixes {
			res.Fixes = append(res.Fixes, sarifFixOf(root, f, fix))
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

func rule(f *Finding) sarifRule {
	a := f.Analyzer
	title, _, _ := strings.Cut(a.Doc, "\n")
	full := a.Doc
	if len(full) > 1000 {
		full = full[:1000]
	}
	help := a.URL
	if f.Diag.Category != "" {
		help += "#" + f.Diag.Category
	}
	return sarifRule{
		ID:                   f.Rule(),
		Name:                 ruleName(f.Rule()),
		ShortDescription:     sarifText{Text: title + ": " + f.Diag.Category},
		FullDescription:      sarifText{Text: full},
		Help:                 sarifHelp{Text: a.Doc + "\n\nDocumentation: " + help, Markdown: "See [" + f.Rule() + "](" + help + ").\n\n" + a.Doc},
		HelpURI:              help,
		DefaultConfiguration: sarifRuleConfig{Level: "error"},
		Properties:           map[string]any{"tags": []string{"kafka", "reliability", a.Name}, "precision": "high", "problem.severity": "error"},
	}
}

var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)

// ruleName is the rule id in PascalCase ("autocommit/read-commits-first"
// → "AutocommitReadCommitsFirst").
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range nonWord.Split(id, -1) {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

func location(root string, p, end token.Position, msg string) sarifLocation {
	reg := sarifRegion{StartLine: max(p.Line, 1), StartColumn: max(p.Column, 1)}
	if end.IsValid() && end.Line >= p.Line {
		reg.EndLine = end.Line
		reg.EndColumn = max(end.Column, 1)
		if end.Line == p.Line && reg.EndColumn < reg.StartColumn {
			reg.EndColumn = reg.StartColumn
		}
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{
		ArtifactLocation: artifact(root, p.Filename),
		Region:           reg,
	}}
	if msg != "" {
		loc.Message = &sarifText{Text: msg}
	}
	return loc
}

// artifact is a file's location relative to %SRCROOT%, or its absolute URI
// when it lies outside root.
func artifact(root, file string) sarifArtifactLocation {
	rel := relPath(root, file)
	if filepath.IsAbs(filepath.FromSlash(rel)) {
		return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
	}
	return sarifArtifactLocation{URI: (&url.URL{Path: rel}).String(), URIBaseID: "%SRCROOT%"}
}

func fileURI(path string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path) + "/"}
	return u.String()
}

// lineText returns the whitespace-normalised text of the line at p.
func lineText(cache map[string][]string, p token.Position) string {
	ls, ok := cache[p.Filename]
	if !ok {
		if b, err := os.ReadFile(p.Filename); err == nil {
			ls = strings.Split(string(b), "\n")
		}
		cache[p.Filename] = ls
	}
	if p.Line < 1 || p.Line > len(ls) {
		return ""
	}
	return strings.Join(strings.Fields(ls[p.Line-1]), " ")
}

// sarifFixOf converts a suggested fix to SARIF replacements, grouped by file.
func sarifFixOf(root string, f *Finding, fix analysis.SuggestedFix) sarifFix {
	out := sarifFix{Description: sarifText{Text: fix.Message}}
	byFile := map[string]int{}
	for _, e := range fix.TextEdits {
		start := f.Fset.Position(e.Pos)
		end := start
		if e.End.IsValid() {
			end = f.Fset.Position(e.End)
		}
		i, ok := byFile[start.Filename]
		if !ok {
			i = len(out.ArtifactChanges)
			byFile[start.Filename] = i
			out.ArtifactChanges = append(out.ArtifactChanges, sarifArtifactChange{ArtifactLocation: artifact(root, start.Filename)})
		}
		r := sarifReplacement{DeletedRegion: sarifRegion{
			StartLine: start.Line, StartColumn: start.Column, EndLine: end.Line, EndColumn: end.Column,
		}}
		if len(e.NewText) > 0 {
			r.InsertedContent = &sarifText{Text: string(e.NewText)}
		}
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, r)
	}
	return out
}
