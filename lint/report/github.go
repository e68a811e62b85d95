package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/faultline-dev/faultline/lint"
)

// githubAnnotationLimit is how many annotations of one level GitHub shows
// per step; the rest only appear in the log.
const githubAnnotationLimit = 10

// githubReporter writes GitHub Actions workflow commands, one annotation
// per unsuppressed finding. The output is workflow commands only.
type githubReporter struct{}

// Write prints errors, then warnings, then notices: GitHub shows only the
// first few annotations of each level per step. With --changed or --base a
// finding is annotated at its changed end (see anchoredAtChange). When some cannot be shown,
// a notice says so; it comes before the findings' notices so that it is
// itself among the notices shown.
func (githubReporter) Write(w io.Writer, r Report) error {
	ew := &errWriter{w: w}
	changed := r.changedSet()
	var shown []lint.Finding
	for _, f := range r.Result.Findings {
		if f.Suppressed == nil {
			f, _ = anchoredAtChange(f, changed)
			shown = append(shown, f)
		}
	}
	sort.SliceStable(shown, func(i, j int) bool { return shown[i].Severity > shown[j].Severity })
	counts := map[string]int{}
	for _, f := range shown {
		counts[githubCommand(f.Severity)]++
	}
	hidden := 0
	for _, n := range counts {
		hidden += max(n-githubAnnotationLimit, 0)
	}
	noted := hidden == 0
	for _, f := range shown {
		if !noted && githubCommand(f.Severity) == "notice" {
			githubOverflow(ew, hidden)
			noted = true
		}
		ew.printf("%s\n", githubAnnotation(f, r.Rules))
	}
	if !noted {
		githubOverflow(ew, hidden)
	}
	if ew.err != nil {
		return fmt.Errorf("write github report: %w", ew.err)
	}
	return nil
}

// githubOverflow prints the notice about findings GitHub does not show as
// annotations.
func githubOverflow(ew *errWriter, hidden int) {
	what := plural(hidden, "more finding", "more findings") + " than GitHub shows as annotations; see the job summary or the log"
	ew.printf("::notice title=faultline::%s\n", githubData(what))
}

// githubCommand returns the workflow command for a severity.
func githubCommand(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "notice"
}

// githubAnnotation renders one finding as a workflow command line.
func githubAnnotation(f lint.Finding, rules []*lint.Rule) string {
	var props []string
	add := func(k, v string) { props = append(props, k+"="+githubProperty(v)) }
	if rg := f.Range; rg.File != "" {
		add("file", rg.File)
		if rg.Line > 0 {
			add("line", strconv.Itoa(rg.Line))
			single := rg.EndLine == rg.Line || rg.EndLine == 0
			// GitHub takes columns only for a span on one line.
			if single && rg.Column > 0 {
				add("col", strconv.Itoa(rg.Column))
			}
			if rg.EndLine > rg.Line {
				add("endLine", strconv.Itoa(rg.EndLine))
			} else if single && rg.Column > 0 && rg.EndColumn > rg.Column {
				add("endLine", strconv.Itoa(rg.Line))
				add("endColumn", strconv.Itoa(rg.EndColumn))
			}
		}
	}
	title := f.Rule
	if name := ruleName(f, rules); name != "" {
		title = strings.TrimSpace(title + " " + name)
	}
	if title != "" {
		add("title", title)
	}
	line := "::" + githubCommand(f.Severity)
	if len(props) > 0 {
		line += " " + strings.Join(props, ",")
	}
	return line + "::" + githubData(findingText(f, true))
}

// githubData escapes a workflow command's message: % and line breaks, so
// untrusted text cannot end the command or start another one. Other
// control and format characters (terminal escapes, bidi overrides) are
// replaced.
func githubData(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r':
			return r
		case r == '\t':
			return ' '
		case unsafeRune(r):
			return unicode.ReplacementChar
		}
		return r
	}, s)
	return githubDataEscapes.Replace(s)
}

// The escapes of workflow command data and properties. A Replacer is safe
// for concurrent use and never changes once built; building one per value
// cost most of the format's time and memory.
var (
	githubDataEscapes     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubPropertyEscapes = strings.NewReplacer(":", "%3A", ",", "%2C")
)

// githubProperty escapes a workflow command's property value: as data,
// plus the separators : and ,.
func githubProperty(s string) string {
	return githubPropertyEscapes.Replace(githubData(s))
}
