package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// gitlabReporter writes a GitLab Code Quality report: the subset of the
// Code Climate issue format GitLab reads (description, check_name,
// fingerprint, severity, location.path, location.lines.begin), as a JSON
// array. GitLab's merge-request widget compares the issues' fingerprints
// with the target branch's report, so a finding keeps its fingerprint
// wherever it is shown.
type gitlabReporter struct{}

type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// Write prints the unsuppressed findings in report order. GitLab has no
// suppressed state: a suppressed finding in the report would show as an
// issue, so it is left out. With --changed or --base a finding is placed
// at its changed end, as the github and sarif formats place it (see
// anchoredAtChange). A finding without a file is left out: GitLab
// requires a path (the other formats list it).
func (gitlabReporter) Write(w io.Writer, r Report) error {
	changed := r.changedSet()
	issues := make([]gitlabIssue, 0, len(r.Result.Findings))
	for _, f := range r.Result.Findings {
		if f.Suppressed != nil {
			continue
		}
		f, _ = anchoredAtChange(f, changed)
		if f.Range.File == "" {
			continue
		}
		issues = append(issues, gitlabIssue{
			Description: gitlabDescription(f, r.Rules),
			CheckName:   f.Rule,
			Fingerprint: gitlabFingerprint(f),
			Severity:    gitlabSeverity(f.Severity),
			Location: gitlabLocation{
				Path:  f.Range.File,
				Lines: gitlabLines{Begin: max(f.Range.Line, 1)},
			},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(issues); err != nil {
		return fmt.Errorf("write gitlab report: %w", err)
	}
	return nil
}

// gitlabDescription is the line GitLab shows for an issue: the rule and
// the message, on one line without control or format characters.
func gitlabDescription(f lint.Finding, rules []*lint.Rule) string {
	title := strings.TrimSpace(f.Rule + " " + ruleName(f, rules))
	msg := cleanText(f.Message)
	if title == "" {
		return msg
	}
	return cleanText(title) + ": " + msg
}

// gitlabFingerprint is the finding's fingerprint (the runner's, which the
// baseline and SARIF use too). A finding without one (never from the
// runner) gets one from its rule, place and message, so that the issues
// stay distinct.
func gitlabFingerprint(f lint.Finding) string {
	if f.Fingerprint != "" {
		return f.Fingerprint
	}
	sum := sha256.Sum256([]byte(f.Rule + "\x00" + f.Range.File + "\x00" + strconv.Itoa(f.Range.Line) + "\x00" + f.Message))
	return hex.EncodeToString(sum[:8])
}

// gitlabSeverity maps a severity to Code Climate's scale (info, minor,
// major, critical, blocker): a notice is coverage and never fails a run
// (info); a warning is a real problem that does not fail the default run
// (major); an error is a failure chain that fails the run (critical).
// minor and blocker are not used.
func gitlabSeverity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "critical"
	case lint.Warning:
		return "major"
	}
	return "info"
}
