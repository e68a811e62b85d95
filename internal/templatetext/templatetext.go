// Package templatetext tells text that a templating step fills in before
// its consumer reads it: the placeholders of Go and Helm templates, of
// Jinja / Nunjucks / Liquid (Backstage and cookiecutter skeletons),
// Terraform and shell interpolation, and {NAME} / __NAME__ / <NAME> /
// [NAME]-joined tokens.
package templatetext

import (
	"bytes"
	"regexp"
)

// Placeholder matches one placeholder: `{{` (Go, Helm, Jinja
// expressions, Backstage's `${{ values.x }}`), `{%` (Jinja / Nunjucks /
// Liquid statements), `<%` (ERB, EJS, Go templates with those
// delimiters), `${` (Terraform, shell), Terraform's template directives
// (`%{ for … }`, `%{ if … }`, `%{ else }`, `%{ endfor }`, `%{ endif }`;
// not a grok pattern's `%{IP:client}`), a Go action between `<<` and
// `>>` on one line (gomplate's `--left-delim '<<' --right-delim '>>'`:
// `<< .x >>`, `<< $v >>`, `<<- range … >>`, `<<- end >>`; not YAML's
// merge key `<<:` nor a shell heredoc `<<EOF`), `{NAME}`, `__NAME__`,
// `<NAME>` (an upper-case name in angle brackets, as template
// repositories write what their generator fills in: `<CLUSTER_NAME>`)
// and `[NAME]` joined to a name (`[PRODUCT]-ingestion`, `app-[ENV]`: a
// skeleton's blank; alone, `[NET_ADMIN]` is a YAML flow list), and the
// tokens a sed step replaces: `%%NAME%%`, `@NAME@`.
var Placeholder = regexp.MustCompile(`\{\{|\{%|<%|\$\{|%\{~?\s*(?:for|if|else|endif|endfor)\b|<<-?\s*(?:[.$]|(?:if|else|end|range|with|define|template|block)\b)[^>\n]*>>|\{[A-Z][A-Z0-9_]*\}|__[A-Z][A-Z0-9_]*__|<[A-Z][A-Z0-9_]+>|\[[A-Z][A-Z0-9_]+\][-_.A-Za-z0-9]|[-_.A-Za-z0-9]\[[A-Z][A-Z0-9_]+\]|%%[A-Z][A-Z0-9_]*%%|@[A-Z][A-Z0-9_]+@`)

// Has reports whether b holds a placeholder.
func Has(b []byte) bool { return Placeholder.Match(b) }

// HasString reports whether s holds a placeholder.
func HasString(s string) bool { return Placeholder.MatchString(s) }

// Blanked is src with each tag of a template language that no
// configuration language writes itself — `{{ … }}` (and the `$` of
// Backstage's `${{ … }}`), `{% … %}` and `<% … %>` — replaced byte for
// byte: an expression tag by `x`s (a name, in HCL and YAML alike), a
// statement tag (`{% … %}`, `<% if … %>`, `{{ if … }}`, `{{ end }}`, a Go
// action that declares a variable or is a comment) by spaces; newlines inside a tag are kept, so every position after it
// stays where it was. Of a conditional, only the first branch is kept:
// the text of its `{% elif %}` and `{% else %}` branches is blanked too
// (`default = {% if x %}false{% else %}true{% endif %}` leaves one
// value). ok is false when src holds no such tag or one is not closed.
// Parsing the result tells a template (it parses once its tags are
// blanked) from a file with an error of its own (it still does not, and
// the errors are where they are in src).
func Blanked(src []byte) (out []byte, ok bool) {
	// The open conditionals, and the depth from which a later branch's
	// text is being blanked (0: none).
	depth, skipFrom := 0, 0
	textFrom := -1 // where the text after the last statement tag starts, when blanked
	// The blocks open (if, range, with, for …), for `end`, which closes
	// any of Go's.
	var open []string
	for i := 0; i+1 < len(src); i++ {
		angle := src[i] == '<' && src[i+1] == '%'
		if !angle && (src[i] != '{' || (src[i+1] != '{' && src[i+1] != '%')) {
			continue
		}
		closer, fill := "}}", byte('x')
		switch {
		case src[i+1] == '%' && !angle:
			closer, fill = "%}", ' '
		case !angle:
			// Go's actions (Helm, boilerplate): {{ if … }}, {{ end }} and
			// the other blocks are statements, anything else writes a
			// value.
			head := src[i+2 : min(len(src), i+80)]
			if blockKeywords[statement(bytes.TrimLeft(head, "-"))] || goSilentAction.Match(head) {
				fill = ' '
			}
		case angle:
			// ERB / EJS, or Go templates with those delimiters (zero's
			// `delimiters: ['<%', '%>']`): an action is a statement,
			// anything else (<%= x %>, <% .Name %>) writes a value.
			closer = "%>"
			if blockKeywords[statement(bytes.TrimLeft(src[i+2:min(len(src), i+40)], "=-#"))] {
				fill = ' '
			}
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
		if fill == ' ' {
			if textFrom >= 0 {
				blank(out, textFrom, start, ' ')
				textFrom = -1
			}
			switch kw := statement(src[i+2 : end-len(closer)]); kw {
			case "if", "for", "range", "with", "unless", "while":
				open = append(open, kw)
				if kw == "if" || kw == "unless" {
					depth++
				}
			case "elif", "else", "elsif":
				if skipFrom == 0 && depth > 0 && len(open) > 0 && (open[len(open)-1] == "if" || open[len(open)-1] == "unless") {
					skipFrom = depth
				}
			case "endif", "end", "endfor", "endunless", "endwhile":
				last := ""
				if len(open) > 0 {
					last, open = open[len(open)-1], open[:len(open)-1]
				}
				if last == "if" || last == "unless" || kw == "endif" && last == "" {
					if skipFrom == depth {
						skipFrom = 0
					}
					depth = max(depth-1, 0)
				}
			}
			if skipFrom > 0 {
				textFrom = end
			}
		}
		blank(out, start, end, fill)
		i = end - 1
	}
	return out, out != nil
}

// goSilentAction matches the start of a Go action that writes nothing: a
// variable declared or assigned (`{{ $bucket := env "BUCKET" }}`), a
// comment (`{{/* … */}}`).
var goSilentAction = regexp.MustCompile(`^-?\s*(?:\$[A-Za-z0-9_]*\s*:?=[^=]|/\*)`)

// blank fills b[from:to] with fill, newlines kept.
func blank(b []byte, from, to int, fill byte) {
	for j := from; j < to; j++ {
		if b[j] != '\n' && b[j] != '\r' {
			b[j] = fill
		}
	}
}

// blockKeywords are the statements of the template languages Blanked
// reads (Go's actions, Jinja's, ERB's and Liquid's).
var blockKeywords = map[string]bool{
	"if": true, "else": true, "elif": true, "elsif": true, "end": true, "endif": true,
	"range": true, "with": true, "for": true, "endfor": true, "unless": true, "endunless": true,
	"while": true, "endwhile": true, "define": true, "block": true, "template": true,
}

// statement is the keyword a statement tag's text starts with ("if" of
// "- if x -"), its whitespace-control dashes left out.
func statement(tag []byte) string {
	t := bytes.TrimSpace(bytes.Trim(bytes.TrimSpace(tag), "-+"))
	if i := bytes.IndexAny(t, " \t\r\n"); i >= 0 {
		t = t[:i]
	}
	return string(t)
}

// BlankLines is data with every line that is one placeholder and nothing
// else (`<ISSUER_ANNOTATION>`, `${EXTRA_LABELS}`, `{{ .extra }}`: a
// skeleton's blank a generator fills with whole lines) left empty, and
// the first such line (1-based; 0 when there is none, and data as is).
// Lines keep their numbers.
func BlankLines(data []byte) (out []byte, first int) {
	n, off := 0, 0
	for l := range bytes.Lines(data) {
		n++
		if wholePlaceholder(bytes.TrimSpace(l)) {
			if first == 0 {
				first = n
				out = append(make([]byte, 0, len(data)), data[:off]...)
			}
			if bytes.HasSuffix(l, []byte("\n")) {
				out = append(out, '\n')
			}
		} else if first > 0 {
			out = append(out, l...)
		}
		off += len(l)
	}
	if first == 0 {
		return data, 0
	}
	return out, first
}

// wholePlaceholder reports whether t, a trimmed line, is one placeholder
// and nothing else: `<NAME>`, `{NAME}`, `__NAME__`, `${NAME}`,
// `{{ .x }}`.
func wholePlaceholder(t []byte) bool {
	if len(t) < 3 || !bytes.ContainsRune([]byte("<{$_%@"), rune(t[0])) {
		return false // every placeholder form opens with one of these
	}
	m := Placeholder.FindIndex(t)
	if m == nil || m[0] != 0 {
		return false
	}
	switch {
	case m[1] == len(t):
		return true
	case bytes.HasPrefix(t, []byte("${")):
		return bytes.IndexByte(t, '}') == len(t)-1
	case bytes.HasPrefix(t, []byte("{{")):
		return bytes.HasSuffix(t, []byte("}}")) && bytes.Count(t, []byte("}}")) == 1
	}
	return false
}
