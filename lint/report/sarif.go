package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

const (
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion = "2.1.0"
	// sarifSrcRoot is the base every relative artifact URI resolves
	// against: Report.Root (the repository's top level), which the run's
	// originalUriBaseIds gives as an absolute file: URI when it is known.
	sarifSrcRoot = "SRCROOT"
	// sarifFingerprint names faultline's partial fingerprint; bump the
	// version if Fingerprint ever changes meaning.
	sarifFingerprint = "faultline/v1"

	toolInformationURI = "https://github.com/faultline-dev/faultline"
)

// sarifReporter writes SARIF 2.1.0 for code scanning (GitHub, GitLab,
// Azure DevOps, IDE viewers).
type sarifReporter struct{}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                           `json:"columnKind"`
	Results            []sarifResult                    `json:"results"`
	Properties         *sarifRunProps                   `json:"properties,omitempty"`
}

type sarifRunProps struct {
	Summary lint.Summary `json:"summary"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string           `json:"id"`
	Name                 string           `json:"name,omitempty"`
	ShortDescription     *sarifText       `json:"shortDescription,omitempty"`
	FullDescription      *sarifText       `json:"fullDescription,omitempty"`
	Help                 *sarifText       `json:"help,omitempty"`
	HelpURI              string           `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifRuleConfig `json:"defaultConfiguration,omitempty"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId,omitempty"`
	RuleIndex           *int               `json:"ruleIndex,omitempty"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations,omitempty"`
	RelatedLocations    []sarifLocation    `json:"relatedLocations,omitempty"`
	CodeFlows           []sarifCodeFlow    `json:"codeFlows,omitempty"`
	PartialFingerprints map[string]string  `json:"partialFingerprints,omitempty"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Fixes               []sarifFix         `json:"fixes,omitempty"`
	Properties          *sarifResultProps  `json:"properties,omitempty"`
}

type sarifResultProps struct {
	Inferred []string `json:"inferred,omitempty"`
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"`
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *sarifText             `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifCodeFlow struct {
	Message     *sarifText        `json:"message,omitempty"`
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	Locations []sarifThreadFlowLocation `json:"locations"`
}

type sarifThreadFlowLocation struct {
	Location sarifLocation `json:"location"`
}

type sarifSuppression struct {
	Kind          string                 `json:"kind"`
	Justification string                 `json:"justification,omitempty"`
	Location      *sarifLocation         `json:"location,omitempty"`
	Properties    *sarifSuppressionProps `json:"properties,omitempty"`
}

type sarifSuppressionProps struct {
	Until string `json:"until"`
}

// Write prints one run with the rule catalogue and every finding;
// suppressed findings stay in the output with their suppression. With
// --changed or --base a result's location is its changed end (see
// anchoredAtChange).
func (sarifReporter) Write(w io.Writer, r Report) error {
	rules, index := sarifRules(r)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "faultline",
			InformationURI: toolInformationURI,
			Version:        r.ToolVersion,
			Rules:          rules,
		}},
		ColumnKind: "unicodeCodePoints",
		Results:    make([]sarifResult, 0, len(r.Result.Findings)),
		Properties: &sarifRunProps{Summary: r.Result.Summary},
	}
	if r.Root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{sarifSrcRoot: sarifRootURI(r.Root)}
	}
	changed := r.changedSet()
	for _, f := range r.Result.Findings {
		f, _ = anchoredAtChange(f, changed)
		run.Results = append(run.Results, sarifResultOf(f, index))
	}
	out := sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("write sarif report: %w", err)
	}
	return nil
}

// sarifRules returns the driver's rules: the catalogue in its order, then
// any rule a finding names that the catalogue lacks (sorted by ID), and
// each rule ID's index.
func sarifRules(r Report) ([]sarifRule, map[string]int) {
	rules := []sarifRule{}
	index := map[string]int{}
	for _, rule := range r.Rules {
		if rule == nil || rule.ID == "" {
			continue
		}
		if _, dup := index[rule.ID]; dup {
			continue
		}
		index[rule.ID] = len(rules)
		sr := sarifRule{
			ID:      rule.ID,
			Name:    rule.Name,
			HelpURI: ruleHelpURI(rule.ID, rule.Name),
		}
		if rule.Summary != "" {
			sr.ShortDescription = &sarifText{Text: rule.Summary}
		}
		if doc := strings.TrimSpace(rule.Doc); doc != "" {
			sr.FullDescription = &sarifText{Text: firstParagraph(doc)}
			sr.Help = &sarifText{Text: doc, Markdown: doc}
		}
		if lvl := sarifLevel(rule.Severity); lvl != "none" {
			sr.DefaultConfiguration = &sarifRuleConfig{Level: lvl}
		}
		rules = append(rules, sr)
	}
	var extra []sarifRule
	for _, f := range r.Result.Findings {
		if f.Rule == "" {
			continue
		}
		if _, ok := index[f.Rule]; ok {
			continue
		}
		index[f.Rule] = -1
		name := ruleName(f, r.Rules)
		extra = append(extra, sarifRule{ID: f.Rule, Name: name, HelpURI: ruleHelpURI(f.Rule, name)})
	}
	sort.Slice(extra, func(i, j int) bool { return extra[i].ID < extra[j].ID })
	for _, sr := range extra {
		index[sr.ID] = len(rules)
		rules = append(rules, sr)
	}
	return rules, index
}

func sarifResultOf(f lint.Finding, index map[string]int) sarifResult {
	res := sarifResult{
		RuleID:  f.Rule,
		Level:   sarifLevel(f.Severity),
		Message: sarifText{Text: sarifMessage(findingText(f, false))},
	}
	if i, ok := index[f.Rule]; ok && f.Rule != "" {
		res.RuleIndex = &i
	}
	primary := sarifPhysical(f.Range)
	if primary != nil {
		res.Locations = []sarifLocation{{PhysicalLocation: primary}}
	}
	for i, l := range f.Related {
		id := i + 1
		loc := sarifLocation{ID: &id, PhysicalLocation: sarifPhysical(l.Range)}
		if l.Message != "" {
			loc.Message = &sarifText{Text: sarifMessage(l.Message)}
		}
		if loc.PhysicalLocation == nil && loc.Message == nil {
			continue
		}
		res.RelatedLocations = append(res.RelatedLocations, loc)
	}
	if len(f.Chain) > 0 {
		// The chain's steps happen in other objects, but a step has no
		// position of its own: every step points at the primary location.
		steps := make([]sarifThreadFlowLocation, len(f.Chain))
		for i, step := range f.Chain {
			steps[i] = sarifThreadFlowLocation{Location: sarifLocation{
				PhysicalLocation: primary,
				Message:          &sarifText{Text: sarifMessage(step)},
			}}
		}
		res.CodeFlows = []sarifCodeFlow{{
			Message:     &sarifText{Text: "failure chain"},
			ThreadFlows: []sarifThreadFlow{{Locations: steps}},
		}}
	}
	if f.Fingerprint != "" {
		res.PartialFingerprints = map[string]string{sarifFingerprint: f.Fingerprint}
	}
	if s := f.Suppressed; s != nil {
		sup := sarifSuppression{Kind: "inSource", Justification: s.Reason}
		if p := sarifPhysical(s.Range); p != nil {
			sup.Location = &sarifLocation{PhysicalLocation: p}
		}
		if s.Until != "" {
			sup.Properties = &sarifSuppressionProps{Until: s.Until}
		}
		res.Suppressions = []sarifSuppression{sup}
	}
	if len(f.Inferred) > 0 {
		res.Properties = &sarifResultProps{Inferred: f.Inferred}
	}
	res.Fixes = sarifFixes(f)
	return res
}

// sarifPhysical returns r as a physical location, nil when r names no
// file. Positions that cannot be valid are left out rather than emitted.
func sarifPhysical(r lint.Range) *sarifPhysicalLocation {
	if r.File == "" {
		return nil
	}
	p := &sarifPhysicalLocation{ArtifactLocation: sarifArtifact(r.File)}
	if r.Line <= 0 {
		return p
	}
	reg := &sarifRegion{StartLine: r.Line}
	if r.Column > 0 {
		reg.StartColumn = r.Column
	}
	switch {
	case r.EndLine > r.Line:
		reg.EndLine = r.EndLine
		if r.Column > 0 && r.EndColumn > 0 {
			reg.EndColumn = r.EndColumn
		}
	case r.EndLine == r.Line || r.EndLine == 0:
		if r.Column > 0 && r.EndColumn > r.Column {
			reg.EndLine = r.Line
			reg.EndColumn = r.EndColumn
		}
	}
	p.Region = reg
	return p
}

// sarifArtifact returns a file's artifact location: a relative path as a
// URI reference against %SRCROOT%, an absolute one as a file: URI.
func sarifArtifact(file string) sarifArtifactLocation {
	file = strings.ReplaceAll(file, `\`, "/")
	if path.IsAbs(file) || (len(file) > 2 && file[1] == ':' && file[2] == '/') {
		if !strings.HasPrefix(file, "/") {
			file = "/" + file // a Windows drive: file:///C:/...
		}
		return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: file}).String()}
	}
	return sarifArtifactLocation{URI: (&url.URL{Path: file}).String(), URIBaseID: sarifSrcRoot}
}

// sarifRootURI is an absolute directory as the file: URI SARIF wants for
// a base (ending in a slash, so that relative URIs resolve inside it).
func sarifRootURI(dir string) sarifArtifactLocation {
	loc := sarifArtifact(dir)
	if !strings.HasSuffix(loc.URI, "/") {
		loc.URI += "/"
	}
	return loc
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	case lint.Notice:
		return "note"
	}
	return "none"
}

// sarifMessage escapes the brackets of text that a SARIF viewer would
// otherwise read as an embedded link ("[text](target)"): untrusted names
// must not become links.
func sarifMessage(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`)
	return r.Replace(s)
}

// ruleHelpURI returns the rule's page under docs/rules/, empty when the
// ID or name is not well-formed (see lint.RuleDocURL).
func ruleHelpURI(id, name string) string { return lint.RuleDocURL(id, name) }

// firstParagraph returns the text up to the first blank line, joined into
// one line.
func firstParagraph(doc string) string {
	var parts []string
	for _, line := range strings.Split(strings.TrimSpace(doc), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		parts = append(parts, line)
	}
	return strings.Join(parts, " ")
}

// findingText is a finding as plain text: the message, then the related
// locations (when withRelated), the chain, the hint and what was inferred,
// separated by blank lines.
func findingText(f lint.Finding, withRelated bool) string {
	var b strings.Builder
	b.WriteString(f.Message)
	if withRelated && len(f.Related) > 0 {
		b.WriteString("\n\nRelated:")
		for _, l := range f.Related {
			b.WriteString("\n- " + rangeText(l.Range))
			if l.Message != "" {
				b.WriteString(": " + l.Message)
			}
		}
	}
	if len(f.Chain) > 0 {
		b.WriteString("\n\nChain:")
		for i, step := range f.Chain {
			b.WriteString("\n" + strconv.Itoa(i+1) + ". " + step)
		}
	}
	if f.Hint != "" {
		b.WriteString("\n\nHint: " + f.Hint)
	}
	if withRelated && len(f.Inferred) > 0 {
		b.WriteString("\n\nInferred: " + strings.Join(f.Inferred, "; "))
	}
	return b.String()
}

// rangeText renders r as file:line:col without cleaning, leaving out what
// is unknown.
func rangeText(r lint.Range) string {
	s := r.File
	if s == "" {
		s = "<unknown>"
	}
	if r.Line > 0 {
		s += ":" + strconv.Itoa(r.Line)
		if r.Column > 0 {
			s += ":" + strconv.Itoa(r.Column)
		}
	}
	return s
}
