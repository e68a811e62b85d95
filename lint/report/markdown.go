package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
)

const (
	// markdownMarker starts every comment so that a CI step can find and
	// update its previous comment instead of adding another.
	markdownMarker = "<!-- faultline -->"
	// markdownBudget keeps a comment below GitHub's 65,536-character
	// limit; findings that do not fit are counted instead.
	markdownBudget = 60000
	// markdownOpenChain is the longest chain shown open; longer ones are
	// collapsed.
	markdownOpenChain = 4
)

// markdownReporter writes a pull-request comment (or a job summary): a
// summary table, then one section per finding. Every string that comes
// from the scanned files is escaped.
type markdownReporter struct{}

// Write prints the comment.
func (markdownReporter) Write(w io.Writer, r Report) error {
	var b strings.Builder
	b.WriteString(markdownMarker + "\n## faultline\n\n")
	s := r.Result.Summary
	var shown, suppressed []lint.Finding
	for _, f := range r.Result.Findings {
		if f.Suppressed != nil {
			suppressed = append(suppressed, f)
		} else {
			shown = append(shown, f)
		}
	}
	coverage := fmt.Sprintf("%d unresolved, %d inferred, %d skipped", s.Coverage.Unresolved, s.Coverage.Inferred, s.Coverage.Skipped)
	if len(shown) == 0 && s.Errors+s.Warnings+s.Notices == 0 {
		fmt.Fprintf(&b, "No problems found in %s.\n\nCoverage: %s.\n", plural(s.Files, "file", "files"), coverage)
	} else {
		b.WriteString("| Errors | Warnings | Notices | Files | Coverage |\n")
		b.WriteString("|-------:|---------:|--------:|------:|----------|\n")
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %s |\n", s.Errors, s.Warnings, s.Notices, s.Files, coverage)
	}
	if r.Verbose && len(s.Notes) > 0 {
		b.WriteString(markdownNotes(s.Notes))
	}

	// Sections are added while they fit; the rest are counted.
	left, leftSuppressed := 0, 0
	for i, f := range shown {
		sec := markdownFinding(f, r.Rules)
		if b.Len()+len(sec) > markdownBudget {
			left = len(shown) - i
			break
		}
		b.WriteString(sec)
	}
	if len(suppressed) > 0 {
		sec := markdownSuppressed(suppressed, r.Rules)
		if left > 0 || b.Len()+len(sec) > markdownBudget {
			leftSuppressed = len(suppressed)
		} else {
			b.WriteString(sec)
		}
	}
	if left+leftSuppressed > 0 {
		var parts []string
		if left > 0 {
			parts = append(parts, plural(left, "more finding", "more findings"))
		}
		if leftSuppressed > 0 {
			parts = append(parts, plural(leftSuppressed, "suppressed finding", "suppressed findings"))
		}
		what := strings.Join(parts, " and ")
		fmt.Fprintf(&b, "\n%s not shown: the comment would be too long. The other reports (text, SARIF) list them all.\n", what)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write markdown report: %w", err)
	}
	return nil
}

// markdownFinding renders one unsuppressed finding as a section.
func markdownFinding(f lint.Finding, rules []*lint.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n### **%s**: %s\n\n", f.Severity, markdownRuleTitle(f, rules))
	if f.Message != "" {
		b.WriteString(markdownText(f.Message) + "\n\n")
	}
	if !f.Range.IsZero() {
		b.WriteString("**Location:** " + markdownCode(rangeText(f.Range)) + "\n\n")
	}
	if d := mermaidChain(f); d != "" {
		b.WriteString(d + "\n")
	}
	if len(f.Chain) > 0 {
		var list strings.Builder
		for i, step := range f.Chain {
			fmt.Fprintf(&list, "%d. %s\n", i+1, markdownText(step))
		}
		if len(f.Chain) > markdownOpenChain {
			b.WriteString(markdownDetails(fmt.Sprintf("Failure chain (%d steps)", len(f.Chain)), list.String()))
		} else {
			b.WriteString("**Chain:**\n\n" + list.String() + "\n")
		}
	}
	if f.Hint != "" {
		b.WriteString("**Hint:** " + markdownText(f.Hint) + "\n\n")
	}
	b.WriteString(markdownSuggestions(f.Fix))
	if len(f.Inferred) > 0 {
		parts := make([]string, len(f.Inferred))
		for i, s := range f.Inferred {
			parts[i] = markdownText(s)
		}
		b.WriteString("**Inferred:** " + strings.Join(parts, "; ") + "\n\n")
	}
	if len(f.Related) > 0 {
		var list strings.Builder
		for _, l := range f.Related {
			list.WriteString("- " + markdownCode(rangeText(l.Range)))
			if l.Message != "" {
				list.WriteString(" " + markdownText(l.Message))
			}
			list.WriteString("\n")
		}
		b.WriteString(markdownDetails(fmt.Sprintf("Related locations (%d)", len(f.Related)), list.String()))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// markdownSuppressed renders the collapsed list of suppressed findings.
func markdownSuppressed(fs []lint.Finding, rules []*lint.Rule) string {
	var list strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&list, "- **%s** %s %s", f.Severity, markdownText(strings.TrimSpace(f.Rule+" "+ruleName(f, rules))), markdownCode(rangeText(f.Range)))
		if f.Message != "" {
			list.WriteString(": " + markdownText(f.Message))
		}
		if s := f.Suppressed; s != nil {
			list.WriteString(" (reason: " + markdownText(s.Reason))
			if s.Until != "" {
				list.WriteString("; until " + markdownText(s.Until))
			}
			list.WriteString(")")
		}
		list.WriteString("\n")
	}
	return "\n" + strings.TrimSuffix(markdownDetails(strconv.Itoa(len(fs))+" suppressed", list.String()), "\n")
}

// markdownNotes renders the coverage notes, collapsed.
func markdownNotes(notes []lint.Note) string {
	var list strings.Builder
	for _, n := range notes {
		list.WriteString("- " + markdownText(string(n.Kind)) + ": ")
		if !n.Range.IsZero() {
			list.WriteString(markdownCode(rangeText(n.Range)) + " ")
		}
		list.WriteString(markdownText(n.What) + "\n")
	}
	return "\n" + strings.TrimSuffix(markdownDetails(fmt.Sprintf("Coverage notes (%d)", len(notes)), list.String()), "\n")
}

// markdownDetails wraps body (Markdown ending in a newline) in a collapsed
// <details> block; summary must be trusted plain text.
func markdownDetails(summary, body string) string {
	return "<details>\n<summary>" + markdownHTML(summary) + "</summary>\n\n" + body + "\n</details>\n\n"
}

// markdownRuleTitle renders "FL101 shared-node-role", linked to the rule's
// documentation when the ID and name are well-formed.
func markdownRuleTitle(f lint.Finding, rules []*lint.Rule) string {
	name := ruleName(f, rules)
	title := strings.TrimSpace(f.Rule + " " + name)
	if u := ruleHelpURI(f.Rule, name); u != "" {
		return "[" + title + "](" + u + ")"
	}
	return markdownText(title)
}

// markdownSpecial are the characters backslash-escaped in text: inline
// Markdown (code, emphasis, links, strikethrough, math), table cells, and
// the backslash itself.
const markdownSpecial = "\\`*_[]|~#$"

// markdownText escapes untrusted text for one line of Markdown: HTML
// characters become entities, Markdown punctuation is backslash-escaped,
// line breaks become spaces (so the text cannot start a heading, list or
// block), control characters are replaced, and @mentions and #123
// references are broken with a zero-width joiner so that no one is
// notified and no issue is cross-referenced.
func markdownText(s string) string {
	s = cleanText(s)
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '@':
			b.WriteString("@\u200d")
		case r == '#' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			// "#123" would reference an issue or pull request.
			b.WriteString("\\#\u200d")
		case strings.ContainsRune(markdownSpecial, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case i == 0 && strings.ContainsRune("-+=", r):
			// A list item or setext underline at the start of a line.
			b.WriteByte('\\')
			b.WriteRune(r)
		case (r == '.' || r == ')') && i > 0 && allDigits(s[:i]):
			// "1. " or "1) " at the start of a line is an ordered list.
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// markdownHTML escapes text for an HTML element such as <summary>, where
// Markdown is not interpreted.
func markdownHTML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(cleanText(s))
}

// markdownCode renders untrusted text as an inline code span: nothing in
// it is interpreted (no HTML, links or mentions). The fence is longer than
// any run of backticks inside. Not for table cells.
func markdownCode(s string) string {
	s = cleanText(s)
	if s == "" {
		return ""
	}
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if first, _ := utf8.DecodeRuneInString(s); first == '`' || first == ' ' {
		s = " " + s + " "
	} else if last, _ := utf8.DecodeLastRuneInString(s); last == '`' || last == ' ' {
		s = " " + s + " "
	}
	return fence + s + fence
}

// markdownSuggestions renders a resolved fix as GitHub suggestion blocks,
// one per edit: the lines it replaces, then what they become. The fence is
// longer than any run of backticks in the lines, so no line can close it.
func markdownSuggestions(fix *lint.Fix) string {
	if !fix.Resolved() {
		return ""
	}
	var b strings.Builder
	for _, e := range fix.Edits {
		if e.LinesRange.IsZero() {
			continue
		}
		where := fmt.Sprintf("%s:%d", e.LinesRange.File, e.LinesRange.Line)
		if e.LinesRange.EndLine > e.LinesRange.Line {
			where += fmt.Sprintf("-%d", e.LinesRange.EndLine)
		}
		fence := strings.Repeat("`", max(3, longestRun(e.Lines, '`')+1))
		fmt.Fprintf(&b, "**Suggested change** (%s; `faultline lint --fix` applies it) at %s:\n\n", markdownText(fix.Description), markdownCode(where))
		b.WriteString(fence + "suggestion\n" + strings.TrimSuffix(e.Lines, "\n") + "\n" + fence + "\n\n")
	}
	return b.String()
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
