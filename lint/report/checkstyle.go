package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"

	"github.com/faultline-dev/faultline/lint"
)

// checkstyleReporter writes Checkstyle XML, which many CI plugins and
// review bots read: unsuppressed findings grouped by file.
type checkstyleReporter struct{}

type checkstyleReport struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr,omitempty"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// Write prints the files in name order, each file's findings in report
// order.
func (checkstyleReporter) Write(w io.Writer, r Report) error {
	byFile := map[string][]checkstyleError{}
	for _, f := range r.Result.Findings {
		if f.Suppressed != nil {
			continue
		}
		msg := f.Message
		if f.Hint != "" {
			msg += " (hint: " + f.Hint + ")"
		}
		byFile[f.Range.File] = append(byFile[f.Range.File], checkstyleError{
			Line:     max(f.Range.Line, 0),
			Column:   max(f.Range.Column, 0),
			Severity: checkstyleSeverity(f.Severity),
			Message:  xmlText(cleanText(msg)),
			Source:   xmlText("faultline." + f.Rule),
		})
	}
	out := checkstyleReport{Version: "4.3", Files: []checkstyleFile{}}
	for name, errs := range byFile {
		out.Files = append(out.Files, checkstyleFile{Name: xmlText(name), Errors: errs})
	}
	sort.Slice(out.Files, func(i, j int) bool { return out.Files[i].Name < out.Files[j].Name })
	if err := writeXML(w, out); err != nil {
		return fmt.Errorf("write checkstyle report: %w", err)
	}
	return nil
}

// checkstyleSeverity maps a severity to Checkstyle's names.
func checkstyleSeverity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "info"
}
