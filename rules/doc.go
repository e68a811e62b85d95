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

// Markdown renders the rule reference (rules/README.md) from the rule
// values, so the docs cannot drift from the code.
func Markdown(rs []*lint.Rule) string {
	var b strings.Builder
	b.WriteString("# faultline rules\n\n")
	b.WriteString("<!-- Generated from the rule values by `go test ./rules -run TestReadmeFresh -update`. Do not edit. -->\n\n")
	b.WriteString("Severities are the defaults for proven findings; a finding that rests on inferred evidence is reported one level lower. IDs and names are both accepted wherever a rule is named (`--enable`, `--disable`, `.faultline.hcl`, `faultline explain`).\n\n")
	b.WriteString("| ID | name | severity | summary |\n|---|---|---|---|\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s |\n", r.ID, strings.ToLower(r.ID+"-"+r.Name), r.Name, r.Severity, r.Summary)
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "\n## %s %s\n\n", r.ID, r.Name)
		fmt.Fprintf(&b, "*Severity:* %s · *since* %s", r.Severity, r.Since)
		if r.Unsuppressible {
			b.WriteString(" · cannot be disabled or suppressed")
		}
		fmt.Fprintf(&b, "\n\n%s.\n\n", capitalize(r.Summary))
		b.WriteString(demoteHeadings(strings.TrimSpace(r.Doc)))
		b.WriteString("\n")
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// demoteHeadings turns a rule doc's "## " headings into "### " under the
// rule's own heading.
func demoteHeadings(doc string) string {
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			lines[i] = "#" + l
		}
	}
	return strings.Join(lines, "\n")
}
