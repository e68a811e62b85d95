package report

import (
	"fmt"
	"io"

	"github.com/faultline-dev/faultline/lint"
)

// compactReporter writes one line per unsuppressed finding, GCC-style, so
// that editors' error parsers (Vim's errorformat, Emacs's compilation
// mode, VS Code problem matchers) and grep read it:
//
//	file:line:col: severity RULE name: message
//
// There is no summary line: the lines are the whole output, as with
// tflint's compact format; the exit code says whether the run failed, and
// --format text prints the summary and coverage.
type compactReporter struct{}

// Write prints the findings in report order.
func (compactReporter) Write(w io.Writer, r Report) error {
	ew := &errWriter{w: w}
	for _, f := range r.Result.Findings {
		if f.Suppressed != nil {
			continue
		}
		ew.printf("%s\n", compactLine(f, r.Rules))
	}
	if ew.err != nil {
		return fmt.Errorf("write compact report: %w", ew.err)
	}
	return nil
}

// compactLine renders one finding as one terminal-safe line. A location
// at a git revision (an object deleted since --base) says so at the end:
// its line is the revision's, not the working tree's.
func compactLine(f lint.Finding, rules []*lint.Rule) string {
	line := locationText(f.Range) + ": " + f.Severity.String()
	if f.Rule != "" {
		line += " " + cleanText(f.Rule)
	}
	if name := ruleName(f, rules); name != "" {
		line += " " + cleanText(name)
	}
	line += ": " + cleanText(f.Message)
	if f.Revision != "" {
		line += " (location at " + cleanText(f.Revision) + ")"
	}
	return line
}
