package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// Explain renders one rule's documentation for `faultline explain`.
func Explain(r *lint.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s, since %s)\n\n%s\n\n%s\n", r.ID, r.Name, r.Severity, r.Since, r.Summary, strings.TrimSpace(r.Doc))
	if r.Unsuppressible {
		b.WriteString("\nThis rule cannot be disabled or suppressed.\n")
	}
	return b.String()
}

// DocsDir is where the rule pages live, relative to the repository root.
const DocsDir = "docs/rules"

// generated heads every page the catalogue writes.
const generated = "<!-- Generated from the rule values by `go test ./rules -run TestDocsFresh -update`. Do not edit. -->\n\n"

// Pages renders the rule reference from the rule values, so the docs cannot
// drift from the code: a file name (inside DocsDir) mapped to its content,
// one page per rule (FL101.md) and the index (README.md).
func Pages(rs []*lint.Rule) map[string]string {
	pages := map[string]string{"README.md": Index(rs)}
	for _, r := range rs {
		pages[r.ID+".md"] = Page(r)
	}
	return pages
}

// Index renders the catalogue's table, each rule linking to its page.
func Index(rs []*lint.Rule) string {
	var b strings.Builder
	b.WriteString("# faultline rules\n\n")
	b.WriteString(generated)
	b.WriteString("Severities are the defaults for proven findings; a finding that rests on inferred evidence is reported one level lower. IDs and names are both accepted wherever a rule is named (`--enable`, `--disable`, `.faultline.hcl`, `faultline explain`). `faultline rules` lists the same catalogue, and `faultline explain RULE` prints a rule's page.\n\n")
	b.WriteString("| ID | name | severity | summary |\n|---|---|---|---|\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "| [%s](%s.md) | %s | %s | %s |\n", r.ID, r.ID, r.Name, r.Severity, r.Summary)
	}
	return b.String()
}

// Page renders one rule's page: the text `faultline explain` prints, as
// Markdown.
func Page(r *lint.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\n", r.ID, r.Name)
	b.WriteString(generated)
	fmt.Fprintf(&b, "*Severity:* %s · *since* %s", r.Severity, r.Since)
	if r.Unsuppressible {
		b.WriteString(" · cannot be disabled or suppressed")
	}
	fmt.Fprintf(&b, "\n\n%s.\n\n", capitalize(r.Summary))
	b.WriteString(strings.TrimSpace(r.Doc))
	b.WriteString("\n\n---\n\n[All rules](README.md)\n")
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
