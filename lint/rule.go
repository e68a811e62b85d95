package lint

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Severity is how serious a finding is.
type Severity int

// Severities, lowest first.
const (
	Notice Severity = iota + 1
	Warning
	Error
)

// String returns the severity's name.
func (s Severity) String() string {
	switch s {
	case Notice:
		return "notice"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "none"
}

// Lower returns the next lower severity (Notice stays Notice).
func (s Severity) Lower() Severity {
	if s > Notice {
		return s - 1
	}
	return s
}

// ParseSeverity reads a severity name.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "notice", "info":
		return Notice, nil
	case "warning", "warn":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or notice)", s)
}

// Rule is one check: a value with an ID, a name, a default severity, a
// one-line summary, a longer doc and a Check over the model.
type Rule struct {
	// ID is the stable code ("FL101").
	ID string
	// Name is the kebab-case name ("shared-node-role").
	Name string
	// Severity is the default severity for proven findings.
	Severity Severity
	// Summary is one lowercase line without a final period.
	Summary string
	// Doc is Markdown: the failure chain, an example, why, how to fix.
	Doc string
	// Since is the faultline version that introduced the rule.
	Since string
	// Unsuppressible marks rules whose findings no ignore comment hides
	// (FL000).
	Unsuppressible bool
	// ReportsIgnores marks the rule that reports problems with ignores
	// (FL001): the runner runs it after the other rules' findings are
	// suppressed, with Pass.IgnoreProblems, and its own findings cannot be
	// suppressed.
	ReportsIgnores bool
	// Check reads the model through the pass and reports findings.
	Check func(*Pass)
}

var (
	idPattern   = regexp.MustCompile(`^FL[0-9]{3}$`)
	namePattern = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
)

// RulesDocURL is the base URL of the rule pages generated from the catalogue
// (docs/rules/, one page per rule: docs/rules/FL101.md). The index of the
// catalogue is docs/rules/README.md.
const RulesDocURL = "https://github.com/faultline-dev/faultline/blob/main/docs/rules/"

// CoverageDocURL is the page that says what each kind of coverage note
// means and what the user can do about it (docs/how-it-works.md).
const CoverageDocURL = "https://github.com/faultline-dev/faultline/blob/main/docs/how-it-works.md#coverage-what-a-run-could-not-see"

// RuleDocURL returns the rule's own page, empty when the ID or name is not
// well-formed.
func RuleDocURL(id, name string) string {
	if !idPattern.MatchString(id) || !namePattern.MatchString(name) {
		return ""
	}
	return RulesDocURL + id + ".md"
}

// Validate checks a rule catalogue mechanically: well-formed, unique IDs and
// names, a summary, a doc, a severity and a Check for every rule.
func Validate(rules []*Rule) error {
	var errs []error
	ids := map[string]bool{}
	names := map[string]bool{}
	for i, r := range rules {
		if r == nil {
			errs = append(errs, fmt.Errorf("rule %d is nil", i))
			continue
		}
		where := fmt.Sprintf("rule %d (%s)", i, r.ID)
		if !idPattern.MatchString(r.ID) {
			errs = append(errs, fmt.Errorf("%s: ID must look like FL123", where))
		}
		if !namePattern.MatchString(r.Name) {
			errs = append(errs, fmt.Errorf("%s: name %q must be kebab-case", where, r.Name))
		}
		if ids[r.ID] {
			errs = append(errs, fmt.Errorf("%s: duplicate ID", where))
		}
		if names[r.Name] {
			errs = append(errs, fmt.Errorf("%s: duplicate name %q", where, r.Name))
		}
		ids[r.ID], names[r.Name] = true, true
		if r.Severity < Notice || r.Severity > Error {
			errs = append(errs, fmt.Errorf("%s: no severity", where))
		}
		if r.Summary == "" || strings.Contains(r.Summary, "\n") || strings.HasSuffix(r.Summary, ".") {
			errs = append(errs, fmt.Errorf("%s: summary must be one line without a final period", where))
		} else if first := r.Summary[:1]; first != strings.ToLower(first) {
			errs = append(errs, fmt.Errorf("%s: summary must start lowercase", where))
		}
		if len(strings.TrimSpace(r.Doc)) < 80 {
			errs = append(errs, fmt.Errorf("%s: doc is missing or too short", where))
		}
		if r.Since == "" {
			errs = append(errs, fmt.Errorf("%s: no since version", where))
		}
		if r.Check == nil {
			errs = append(errs, fmt.Errorf("%s: no Check", where))
		}
	}
	return errors.Join(errs...)
}

// Location is a related position with what happens there.
type Location struct {
	Range
	Message string `json:"message,omitempty"`
	// Revision names the git revision the range is at when it is not the
	// working tree (a deleted object's declaration at --base).
	Revision string `json:"revision,omitempty"`
}

// Suppression records why a finding is suppressed.
type Suppression struct {
	Reason string `json:"reason"`
	Until  string `json:"until,omitempty"`
	Range  Range  `json:"-"`
}

// Finding is one reported problem.
type Finding struct {
	Rule     string
	Name     string
	Severity Severity
	Message  string
	Range    Range
	// Revision names the git revision Range is at when it is not the
	// working tree (an object deleted since --base, with nothing left to
	// anchor on).
	Revision string
	Related  []Location
	// Chain is the failure chain, step by step.
	Chain []string
	Hint  string
	// Inferred says what the finding rests on that was inferred rather than
	// read; a finding with inferred evidence is one severity lower.
	Inferred []string
	// Key identifies the finding independently of positions (entity
	// addresses), for fingerprints and de-duplication: one finding per
	// rule, range and key.
	Key string
	// Roots are the Terraform roots (Terragrunt units) the objects the
	// finding rests on are declared in, sorted; empty when none is. Two
	// findings of one rule at one range that read alike but rest on
	// different roots (a module two roots call) name their roots.
	Roots       []string
	Fingerprint string
	Suppressed  *Suppression
	// Picture is the chain as objects and relations (lint/graph), for the
	// drawn chain; nil when not computed.
	Picture *Picture `json:"-"`
	// Breaks names the relation the finding says does not hold between
	// its primary entity and each related one, as lint/graph names
	// relations ("trusts subject", "schedules on"); the drawn chain shows
	// it as the missing link to every related entity that lacks it.
	// Empty: the first related entity no relation joins is the break.
	Breaks string `json:"-"`
	// Fix is the deterministic repair the rule offers, nil when it offers
	// none; reporters show it only when it is resolved (Fix.Resolved).
	Fix *Fix
}

// Diagnostic is a problem with the input itself (FL000): a file that cannot
// be read, parsed or rendered.
type Diagnostic struct {
	Range   Range
	Summary string
	Detail  string
	// Hint, when set, says what to do and what faultline still reads
	// where the generic FL000 hint (what cannot be read is left out)
	// would be wrong.
	Hint string
}

// DiagnosticHint is a Diagnostic's Hint carried in an HCL diagnostic's
// Extra from where the problem is found to where it is reported.
type DiagnosticHint string

// Note is a coverage record: something the model could not resolve or
// skipped, so silence is never mistaken for clean.
type Note struct {
	Kind  CoverageKind
	What  string
	Range Range
}

// CoverageKind classifies a coverage note.
type CoverageKind string

// Coverage kinds.
const (
	Unresolved CoverageKind = "unresolved"
	Inferred   CoverageKind = "inferred"
	Skipped    CoverageKind = "skipped"
)

// Pass is everything a rule sees: the model, and the way to report.
type Pass struct {
	Rule  *Rule
	Model *Model
	// Diagnostics are the input problems the parsers met (read by FL000).
	Diagnostics []Diagnostic
	// IgnoreProblems are the problems with ignores, for the rule that
	// reports them (ReportsIgnores); nil for every other rule.
	IgnoreProblems []IgnoreProblem

	findings []Finding
	notes    []Note
}

// Report records a finding. Rule, name and severity are filled in; a finding
// resting on inferred evidence is reported one severity lower.
func (p *Pass) Report(f Finding) {
	f.Rule, f.Name = p.Rule.ID, p.Rule.Name
	if f.Severity == 0 {
		f.Severity = p.Rule.Severity
	}
	if len(f.Inferred) > 0 {
		f.Severity = f.Severity.Lower()
	}
	if p.Model != nil {
		f.Related = append(f.Related, p.Model.CallSitesFor(append([]Location{{Range: f.Range}}, f.Related...))...)
	}
	// Before suppressions read the lines a finding covers.
	validFinding(&f)
	p.findings = append(p.findings, f)
}

// Unresolved records that the rule met a comparison it could not decide
// (unknown on one side), for the summary's coverage.
func (p *Pass) Unresolved(what string, r Range) {
	p.notes = append(p.notes, Note{Kind: Unresolved, What: p.Rule.ID + ": " + what, Range: r})
}
