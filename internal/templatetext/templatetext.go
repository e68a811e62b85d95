// Package templatetext tells text that a templating step fills in before
// its consumer reads it: the placeholders of Go and Helm templates, of
// Jinja / Nunjucks / Liquid (Backstage and cookiecutter skeletons),
// Terraform and shell interpolation, and {NAME} / __NAME__ tokens.
package templatetext

import "regexp"

// Placeholder matches one placeholder: `{{` (Go, Helm, Jinja
// expressions, Backstage's `${{ values.x }}`), `{%` (Jinja / Nunjucks /
// Liquid statements), `${` (Terraform, shell), `{NAME}` and `__NAME__`.
var Placeholder = regexp.MustCompile(`\{\{|\{%|\$\{|\{[A-Z][A-Z0-9_]*\}|__[A-Z][A-Z0-9_]*__`)

// Has reports whether b holds a placeholder.
func Has(b []byte) bool { return Placeholder.Match(b) }

// HasString reports whether s holds a placeholder.
func HasString(s string) bool { return Placeholder.MatchString(s) }
