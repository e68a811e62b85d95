package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// flagError is a flag (or a flag's value) the command cannot take: Run
// prints it with a pointer to the command's help, and exits 2.
type flagError struct {
	error
	// command is the command's path ("faultline lint").
	command string
}

func (e flagError) Unwrap() error { return e.error }

// output is one --output FORMAT=FILE: a format written to a file from the
// same run, besides standard output.
type output struct {
	format string
	path   string
}

// parseOutput reads one --output value. It returns ok false, and no
// error, for a value without "=" (a plain FILE, which graph still takes);
// a value with "=" must name a format of formats and a file.
func parseOutput(v string, formats []string) (o output, ok bool, err error) {
	format, path, found := strings.Cut(v, "=")
	if !found {
		return output{}, false, nil
	}
	if path == "" {
		return output{}, false, fmt.Errorf("--output %q: want FORMAT=FILE", v)
	}
	for _, f := range formats {
		if strings.EqualFold(f, format) {
			return output{format: f, path: path}, true, nil
		}
	}
	return output{}, false, fmt.Errorf("--output %q: unknown format %q (want %s)", v, format, strings.Join(formats, ", "))
}

// Values of --color.
const (
	colorAuto   = "auto"
	colorAlways = "always"
	colorNever  = "never"
)

// useColor decides whether the text format is colored. --no-color and
// --color never turn color off and --color always turns it on, whatever
// the environment. With --color auto (the default) a terminal gets color,
// and the environment overrides that: NO_COLOR (any non-empty value; see
// no-color.org) turns color off, FORCE_COLOR (non-empty and not 0 or
// false) turns it on even when stdout is not a terminal; NO_COLOR wins
// when both are set.
func (c *CLI) useColor(mode string, noColor bool) (bool, error) {
	switch strings.ToLower(mode) {
	case colorAuto:
	case colorAlways:
		if noColor {
			return false, fmt.Errorf("--color always and --no-color disagree")
		}
		return true, nil
	case colorNever:
		return false, nil
	default:
		return false, fmt.Errorf("--color %q: want auto, always or never", mode)
	}
	if noColor || c.Getenv("NO_COLOR") != "" {
		return false, nil
	}
	if f := strings.ToLower(c.Getenv("FORCE_COLOR")); f != "" && f != "0" && f != "false" {
		return true, nil
	}
	return c.IsTerminal(c.Stdout), nil
}

// ruleListVersion is the version of `faultline rules --format json`.
const ruleListVersion = 1

type ruleList struct {
	Version int        `json:"version"`
	Rules   []ruleInfo `json:"rules"`
}

type ruleInfo struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Since    string `json:"since"`
	DocURL   string `json:"docUrl"`
}

// writeRulesJSON prints the catalogue as JSON, in catalogue order: each
// rule's ID, name, default severity, summary, the version that introduced
// it, and its section in the rule reference.
func writeRulesJSON(w io.Writer, catalogue []*lint.Rule) error {
	out := ruleList{Version: ruleListVersion, Rules: make([]ruleInfo, 0, len(catalogue))}
	for _, r := range catalogue {
		out.Rules = append(out.Rules, ruleInfo{
			ID: r.ID, Name: r.Name, Severity: r.Severity.String(), Summary: r.Summary, Since: r.Since,
			DocURL: lint.RuleDocURL(r.ID, r.Name),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("write rules: %w", err)
	}
	return nil
}

// ruleFormats are the formats of `faultline rules`.
var ruleFormats = []string{"text", "json"}

// writeRules prints the catalogue in a format of ruleFormats.
func writeRules(w io.Writer, format string) error {
	switch strings.ToLower(format) {
	case "json":
		return writeRulesJSON(w, rules.All)
	case "text":
		return writeRulesTable(w, rules.All)
	}
	return flagError{fmt.Errorf("--format %q: want %s", format, strings.Join(ruleFormats, ", ")), "faultline rules"}
}
