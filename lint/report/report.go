package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// Report is everything a reporter prints.
type Report struct {
	Result lint.Result
	// Rules is the catalogue the findings came from (fills in rule names).
	Rules []*lint.Rule
	// Sources reads files for snippets; nil means no snippets.
	Sources SourceReader
	// Verbose lists the coverage notes behind the summary's counts.
	Verbose bool
	// Quiet prints findings only, without the summary (text format).
	Quiet bool
	// Changed lists the files the change under review touches (--changed
	// or --base), as reported paths; nil when the run compared nothing.
	// The github and sarif formats show a finding at its changed end, text
	// and JSON mark the locations on changed lines (see anchor.go).
	Changed []string
	// ChangedLines maps the files of Changed that the working tree holds
	// to the lines the change touches there; a file of Changed missing
	// here has no changed line (deleted, or only its mode or name
	// changed). Nil when only the files are known: then every line of a
	// changed file counts as changed.
	ChangedLines map[string]LineChanges
	// ToolVersion is faultline's version, for formats that record the tool
	// (SARIF); empty when unknown.
	ToolVersion string
	// Root is the absolute directory the relative paths of Result are
	// relative to, for formats that record it (SARIF's
	// originalUriBaseIds); empty when the paths are relative to a
	// directory the report does not name.
	Root string
}

// SourceReader returns a file's content for snippets (nil/false when
// unavailable).
type SourceReader func(file string) ([]byte, bool)

// Reporter writes a report in one format.
type Reporter interface {
	Write(w io.Writer, r Report) error
}

// formats lists the formats New knows, in help order.
var formats = []string{"text", "compact", "json", "sarif", "github", "gitlab", "markdown", "junit", "checkstyle"}

// Formats returns the names of the formats New knows.
func Formats() []string {
	return append([]string(nil), formats...)
}

// New returns the reporter for a format (see Formats). Color
// applies to the text format only.
func New(format string, color bool) (Reporter, error) {
	switch strings.ToLower(format) {
	case "text":
		return newTextReporter(color), nil
	case "compact":
		return compactReporter{}, nil
	case "json":
		return jsonReporter{}, nil
	case "sarif":
		return sarifReporter{}, nil
	case "github":
		return githubReporter{}, nil
	case "gitlab":
		return gitlabReporter{}, nil
	case "markdown":
		return markdownReporter{}, nil
	case "junit":
		return junitReporter{}, nil
	case "checkstyle":
		return checkstyleReporter{}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(formats, ", "))
}

// ruleName returns the finding's rule name, from the catalogue when the
// finding has none.
func ruleName(f lint.Finding, rules []*lint.Rule) string {
	if f.Name != "" {
		return f.Name
	}
	for _, r := range rules {
		if r != nil && r.ID == f.Rule {
			return r.Name
		}
	}
	return ""
}

// errWriter remembers the first write error so printing code stays linear.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
