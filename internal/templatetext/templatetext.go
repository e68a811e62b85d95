// Package templatetext tells text that a templating step fills in before
// its consumer reads it: the placeholders of Go and Helm templates, of
// Jinja / Nunjucks / Liquid (Backstage and cookiecutter skeletons),
// Terraform and shell interpolation, and {NAME} / __NAME__ tokens.
package templatetext

import (
	"bytes"
	"regexp"
)

// Placeholder matches one placeholder: `{{` (Go, Helm, Jinja
// expressions, Backstage's `${{ values.x }}`), `{%` (Jinja / Nunjucks /
// Liquid statements), `${` (Terraform, shell), `{NAME}` and `__NAME__`.
var Placeholder = regexp.MustCompile(`\{\{|\{%|\$\{|\{[A-Z][A-Z0-9_]*\}|__[A-Z][A-Z0-9_]*__`)

// Has reports whether b holds a placeholder.
func Has(b []byte) bool { return Placeholder.Match(b) }

// HasString reports whether s holds a placeholder.
func HasString(s string) bool { return Placeholder.MatchString(s) }

// Blanked is src with each tag of a template language that no
// configuration language writes itself — `{{ … }}` (and the `$` of
// Backstage's `${{ … }}`) and `{% … %}` — replaced byte for byte: an
// expression tag by `x`s (a name, in HCL and YAML alike), a statement tag
// by spaces; newlines inside a tag are kept, so every position after it
// stays where it was. ok is false when src holds no such tag or one is
// not closed. Parsing the result tells a template (it parses once its
// tags are blanked) from a file with an error of its own (it still does
// not, and the errors are where they are in src).
func Blanked(src []byte) (out []byte, ok bool) {
	for i := 0; i+1 < len(src); i++ {
		if src[i] != '{' || (src[i+1] != '{' && src[i+1] != '%') {
			continue
		}
		closer, fill := "}}", byte('x')
		if src[i+1] == '%' {
			closer, fill = "%}", ' '
		}
		end := bytes.Index(src[i+2:], []byte(closer))
		if end < 0 {
			return nil, false
		}
		end += i + 2 + len(closer)
		if out == nil {
			out = bytes.Clone(src)
		}
		start := i
		if fill == 'x' && i > 0 && src[i-1] == '$' {
			start = i - 1
		}
		for j := start; j < end; j++ {
			if out[j] != '\n' && out[j] != '\r' {
				out[j] = fill
			}
		}
		i = end - 1
	}
	return out, out != nil
}
