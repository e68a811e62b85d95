package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/faultline-dev/faultline/lint"
)

// jsonVersion is the version of the JSON output contract.
const jsonVersion = 1

// jsonReporter writes the DESIGN.md JSON contract.
type jsonReporter struct{}

type jsonReport struct {
	Version  int           `json:"version"`
	Findings []jsonFinding `json:"findings"`
	Summary  lint.Summary  `json:"summary"`
}

type jsonFinding struct {
	Rule        string            `json:"rule"`
	Name        string            `json:"name"`
	Severity    string            `json:"severity"`
	Message     string            `json:"message"`
	Location    jsonRange         `json:"location"`
	Revision    string            `json:"revision,omitempty"`
	Related     []jsonLocation    `json:"related,omitempty"`
	Chain       []string          `json:"chain,omitempty"`
	Hint        string            `json:"hint,omitempty"`
	Inferred    []string          `json:"inferred,omitempty"`
	Fingerprint string            `json:"fingerprint"`
	Suppressed  *lint.Suppression `json:"suppressed,omitempty"`
}

type jsonLocation struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message,omitempty"`
	// Revision is set when the location is at a git revision (--base)
	// rather than in the working tree.
	Revision string `json:"revision,omitempty"`
	// Changed is set, with --changed or --base, when the location is on a
	// line the change touches (at the base revision: in a file it touches).
	Changed bool `json:"changed,omitempty"`
	// ChangedFile is set, with --changed or --base, when the location's
	// file is one the change touches, whichever its lines.
	ChangedFile bool `json:"changedFile,omitempty"`
}

// jsonRange is a finding's primary location: the range, and whether it
// is on a line, and in a file, the change touches (with --changed or
// --base; see jsonLocation).
type jsonRange struct {
	lint.Range
	Changed     bool `json:"changed,omitempty"`
	ChangedFile bool `json:"changedFile,omitempty"`
}

// Write prints the report as indented JSON with a trailing newline: the
// bytes a json.Encoder indenting by two spaces writes of a jsonReport,
// written a finding at a time. Encoded whole, 50 copies of the benchmark
// repositories' report (15 MB) took some 60 MB at the end of the run.
func (jsonReporter) Write(w io.Writer, r Report) error {
	bw := bufio.NewWriter(w)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	// element writes v as a member at depth 1 (prefix "  ") or an
	// element at depth 2 (prefix "    ") of the whole report's indent.
	element := func(v any, prefix string) error {
		buf.Reset()
		enc.SetIndent(prefix, "  ")
		if err := enc.Encode(v); err != nil {
			return fmt.Errorf("write json report: %w", err)
		}
		_, err := bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return err
	}
	fmt.Fprintf(bw, "{\n  \"version\": %d,\n  \"findings\": [", jsonVersion)
	changed := r.changedSet()
	for i, f := range r.Result.Findings {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    ")
		if err := element(jsonFindingOf(f, r, changed), "    "); err != nil {
			return err
		}
	}
	if len(r.Result.Findings) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("],\n  \"summary\": ")
	if err := element(r.Result.Summary, "  "); err != nil {
		return err
	}
	bw.WriteString("\n}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write json report: %w", err)
	}
	return nil
}

// jsonFindingOf is a finding as the JSON report writes it.
func jsonFindingOf(f lint.Finding, r Report, changed *changeSet) jsonFinding {
	jf := jsonFinding{
		Rule:        f.Rule,
		Name:        ruleName(f, r.Rules),
		Severity:    f.Severity.String(),
		Message:     f.Message,
		Location:    jsonRange{Range: f.Range, Changed: changed.marked(f.Revision, f.Range), ChangedFile: changed.markedFile(f.Range.File)},
		Revision:    f.Revision,
		Chain:       f.Chain,
		Hint:        f.Hint,
		Inferred:    f.Inferred,
		Fingerprint: f.Fingerprint,
		Suppressed:  f.Suppressed,
	}
	for _, l := range f.Related {
		jf.Related = append(jf.Related, jsonLocation{
			File: l.File, Line: l.Line, Column: l.Column, Message: l.Message, Revision: l.Revision,
			Changed: changed.marked(l.Revision, l.Range), ChangedFile: changed.markedFile(l.File),
		})
	}
	return jf
}
