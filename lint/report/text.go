package report

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fatih/color"
	"golang.org/x/text/width"

	"github.com/faultline-dev/faultline/lint"
)

// tabWidth is the tab stop used to expand tabs in snippets.
const tabWidth = 4

// textReporter prints findings for people: the source line with the span
// underlined, related locations, the chain and a hint, then a summary.
type textReporter struct {
	errorColor, warningColor, noticeColor *color.Color
	bold                                  *color.Color
}

func newTextReporter(on bool) *textReporter {
	t := &textReporter{
		errorColor:   color.New(color.FgRed, color.Bold),
		warningColor: color.New(color.FgYellow, color.Bold),
		noticeColor:  color.New(color.FgCyan),
		bold:         color.New(color.Bold),
	}
	for _, c := range []*color.Color{t.errorColor, t.warningColor, t.noticeColor, t.bold} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return t
}

// severityColor returns the color for s, nil when it has none.
func (t *textReporter) severityColor(s lint.Severity) *color.Color {
	switch s {
	case lint.Error:
		return t.errorColor
	case lint.Warning:
		return t.warningColor
	case lint.Notice:
		return t.noticeColor
	}
	return nil
}

func paint(c *color.Color, s string) string {
	if c == nil {
		return s
	}
	return c.Sprint(s)
}

// Write prints every unsuppressed finding, then the summary and coverage.
func (t *textReporter) Write(w io.Writer, r Report) error {
	ew := &errWriter{w: w}
	src := &sourceCache{read: r.Sources, lines: map[string][]string{}}
	changed := r.changedSet()
	shown, suppressed := 0, 0
	for _, f := range r.Result.Findings {
		if f.Suppressed != nil {
			suppressed++
			continue
		}
		t.writeFinding(ew, f, r.Rules, src, changed)
		shown++
	}
	if !r.Quiet {
		t.writeSummary(ew, r, shown, suppressed)
	}
	if ew.err != nil {
		return fmt.Errorf("write text report: %w", ew.err)
	}
	return nil
}

// writeFinding prints one finding; changed (nil without --changed and
// --base) marks the locations on changed lines (see changeSet.marked).
func (t *textReporter) writeFinding(ew *errWriter, f lint.Finding, rules []*lint.Rule, src *sourceCache, changed *changeSet) {
	sevColor := t.severityColor(f.Severity)
	header := paint(sevColor, f.Severity.String())
	if f.Rule != "" {
		header += "[" + paint(t.bold, cleanText(f.Rule)) + "]"
	}
	if name := ruleName(f, rules); name != "" {
		header += " " + cleanText(name)
	}
	ew.printf("%s: %s\n", header, cleanText(f.Message))

	var primary snippet
	hasPrimary := false
	if f.Revision == "" {
		primary, hasPrimary = src.snippet(f.Range)
	}
	related := make([]snippet, len(f.Related))
	hasRelated := make([]bool, len(f.Related))
	maxLine := 0
	if hasPrimary {
		maxLine = primary.line
	}
	for i, l := range f.Related {
		if l.Revision != "" {
			continue // the working tree's text is not what was there
		}
		related[i], hasRelated[i] = src.snippet(l.Range)
		if hasRelated[i] {
			maxLine = max(maxLine, related[i].line)
		}
	}
	gutter := len(strconv.Itoa(maxLine))

	if !f.Range.IsZero() {
		ew.printf("  --> %s%s\n", locationText(f.Range), endMarks(f.Revision, changed.marked(f.Revision, f.Range)))
	}
	if hasPrimary {
		t.writeSnippet(ew, primary, gutter, sevColor)
	}
	for i, l := range f.Related {
		line := "  related: " + locationText(l.Range) + endMarks(l.Revision, changed.marked(l.Revision, l.Range))
		if l.Message != "" {
			line += ": " + cleanText(l.Message)
		}
		ew.printf("%s\n", line)
		if hasRelated[i] {
			t.writeSnippet(ew, related[i], gutter, nil)
		}
	}
	if len(f.Chain) > 0 {
		ew.printf("  chain:\n")
		digits := len(strconv.Itoa(len(f.Chain)))
		for i, step := range f.Chain {
			ew.printf("    %*d. %s\n", digits, i+1, cleanText(step))
		}
	}
	if f.Hint != "" {
		ew.printf("  hint: %s\n", cleanText(f.Hint))
	}
	if len(f.Inferred) > 0 {
		parts := make([]string, len(f.Inferred))
		for i, s := range f.Inferred {
			parts[i] = cleanText(s)
		}
		ew.printf("  inferred: %s\n", strings.Join(parts, "; "))
	}
	ew.printf("\n")
}

// endMarks returns what follows a location in the text format: the
// revision it is at, and "changed" when it is on a line the change touches
// (at the base revision: in a file the change touches).
func endMarks(revision string, changed bool) string {
	var marks []string
	if revision != "" {
		marks = append(marks, "at "+cleanText(revision))
	}
	if changed {
		marks = append(marks, "changed")
	}
	if len(marks) == 0 {
		return ""
	}
	return " (" + strings.Join(marks, ", ") + ")"
}

// writeSnippet prints one source line in a gutter and, when the snippet has
// a span, the caret line under it.
func (t *textReporter) writeSnippet(ew *errWriter, s snippet, gutter int, caret *color.Color) {
	blank := strings.Repeat(" ", gutter+1) + "|"
	ew.printf("%s\n", blank)
	ew.printf("%s\n", strings.TrimRight(fmt.Sprintf("%*d | %s", gutter, s.line, s.code), " "))
	if s.carets > 0 {
		ew.printf("%s %s%s\n", blank, strings.Repeat(" ", s.pad), paint(caret, strings.Repeat("^", s.carets)))
	}
}

func (t *textReporter) writeSummary(ew *errWriter, r Report, shown, suppressed int) {
	s := r.Result.Summary
	files := plural(s.Files, "file", "files")
	if s.Errors+s.Warnings+s.Notices == 0 && shown == 0 {
		ew.printf("faultline: no problems found in %s\n", files)
	} else {
		ew.printf("faultline: %s, %s, %s in %s\n",
			plural(s.Errors, "error", "errors"),
			plural(s.Warnings, "warning", "warnings"),
			plural(s.Notices, "notice", "notices"),
			files)
	}
	if suppressed > 0 {
		ew.printf("%d suppressed\n", suppressed)
	}
	c := s.Coverage
	line := fmt.Sprintf("coverage: %d unresolved, %d inferred, %d skipped", c.Unresolved, c.Inferred, c.Skipped)
	if !r.Verbose && c.Unresolved+c.Inferred+c.Skipped > 0 {
		line += " (run with --verbose to list them; what each means and what to do: " + lint.CoverageDocURL + ")"
	}
	ew.printf("%s\n", line)
	if !r.Verbose {
		return
	}
	for _, n := range s.Notes {
		where := ""
		if !n.Range.IsZero() {
			where = n.Range.File
			if n.Range.Line > 0 {
				where += ":" + strconv.Itoa(n.Range.Line)
			}
			where = cleanText(where) + ": "
		}
		ew.printf("  %-10s  %s%s\n", cleanText(string(n.Kind)), where, cleanText(n.What))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// locationText renders r as file:line:col for a terminal: rangeText with
// control characters made harmless.
func locationText(r lint.Range) string { return cleanText(rangeText(r)) }

// CleanText makes untrusted text safe for one terminal line (see
// cleanText), for listings printed outside a report.
func CleanText(s string) string { return cleanText(s) }

// cleanText makes untrusted text safe for one terminal line: line breaks
// and tabs become spaces, other control and format characters (escape
// sequences, bidi overrides) become U+FFFD.
func cleanText(s string) string {
	if !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case unsafeRune(r):
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// snippet is one source line prepared for display.
type snippet struct {
	line int
	// code is the line with tabs expanded and unsafe runes replaced.
	code string
	// pad and carets are display cells before and under the span; carets
	// is 0 when only the line is known.
	pad, carets int
}

// sourceCache reads and splits each file once per report.
type sourceCache struct {
	read  SourceReader
	lines map[string][]string
}

func (c *sourceCache) file(name string) ([]string, bool) {
	if lines, ok := c.lines[name]; ok {
		return lines, lines != nil
	}
	var lines []string
	if c.read != nil && name != "" {
		if b, ok := c.read(name); ok && b != nil && !binary(b) {
			b = bytes.TrimPrefix(b, []byte("\uFEFF"))
			lines = strings.Split(string(b), "\n")
			for i, l := range lines {
				lines[i] = strings.TrimSuffix(l, "\r")
			}
		}
	}
	c.lines[name] = lines
	return lines, lines != nil
}

// binary reports whether a file is not text, as git decides: a NUL byte
// in its first 8000 (a packaged chart's .tgz, where a finding in one of
// its templates points). Its lines are not shown.
func binary(b []byte) bool {
	return bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0
}

// snippet prepares the first line of r, with its span (to the end of the
// line when r spans several lines). It reports false when the source or the
// position is unavailable.
func (c *sourceCache) snippet(r lint.Range) (snippet, bool) {
	if r.Line <= 0 {
		return snippet{}, false
	}
	lines, ok := c.file(r.File)
	if !ok || r.Line > len(lines) {
		return snippet{}, false
	}
	raw, cut, more := window(lines[r.Line-1], r.Column)
	code, cells := expandLine(raw)
	lead := 0
	if cut > 0 {
		code, lead = "…"+code, 1
	}
	if more {
		code += "…"
	}
	s := snippet{line: r.Line, code: code}
	if r.Column <= 0 {
		return s, true
	}
	n := len(cells) - 1 // runes in the window
	start := r.Column - 1 - cut
	if start > n {
		return snippet{}, false
	}
	end := start + 1
	switch {
	case r.EndLine > r.Line:
		end = n
	case (r.EndLine == r.Line || r.EndLine == 0) && r.EndColumn > r.Column:
		end = r.EndColumn - 1 - cut
	}
	end = min(end, n)
	s.pad = cells[start] + lead
	s.carets = 1
	if end > start {
		s.carets = max(cells[end]-cells[start], 1)
	}
	return s, true
}

// maxSnippetRunes bounds the characters of a line a snippet shows: a
// minified or generated line (or a hostile one of megabytes) is shown as a
// window around the column.
const maxSnippetRunes = 240

// window returns the part of line a snippet shows around column (1-based,
// 0 for none): the runes cut at the left, and whether more follow.
func window(line string, column int) (part string, cut int, more bool) {
	if utf8.RuneCountInString(line) <= maxSnippetRunes {
		return line, 0, false
	}
	runes := []rune(line)
	from := 0
	if column > 0 {
		from = max(0, min(column-1-maxSnippetRunes/4, len(runes)-maxSnippetRunes))
	}
	to := min(len(runes), from+maxSnippetRunes)
	return string(runes[from:to]), from, to < len(runes)
}

// expandLine returns line as displayed (tabs expanded to tab stops, unsafe
// runes replaced) and the display cell where each rune starts, plus the
// total width as the last element.
func expandLine(line string) (string, []int) {
	var b strings.Builder
	cells := make([]int, 0, len(line)+1)
	w := 0
	for _, r := range line {
		cells = append(cells, w)
		switch {
		case r == '\t':
			n := tabWidth - w%tabWidth
			b.WriteString(strings.Repeat(" ", n))
			w += n
		case unsafeRune(r):
			b.WriteRune(unicode.ReplacementChar)
			w++
		case unicode.In(r, unicode.Mn, unicode.Me):
			b.WriteRune(r)
		default:
			b.WriteRune(r)
			switch width.LookupRune(r).Kind() {
			case width.EastAsianWide, width.EastAsianFullwidth:
				w += 2
			default:
				w++
			}
		}
	}
	cells = append(cells, w)
	return b.String(), cells
}
