package nesting

import (
	"bytes"
	"encoding/json"

	"github.com/apparentlymart/go-textseg/v15/textseg"
)

// JSON checks a file in HCL's JSON syntax (.tf.json, .tfvars.json): the
// nesting of arrays and objects, plus that of the HCL template every
// string is read as.
func JSON(src []byte) *Exceeded { return scanJSON(src, Max, nil) }

// jsonScanner follows the tokenizer of hcl/v2/json: whitespace is space,
// tab, CR and LF; a string ends at an unescaped quote or before a control
// byte and advances by grapheme clusters (so a quote after a prepended
// mark stays inside it); any byte that starts no token ends the scan, as
// it ends hcl's.
type jsonScanner struct {
	src     []byte
	open    []byte // open brackets, '[' or '{'
	max     int
	deepest int
	hit     int
	onPush  func(off, depth int)
}

// scanJSON measures src, stopping at the first point deeper than limit.
func scanJSON(src []byte, limit int, onPush func(off, depth int)) *Exceeded {
	s := &jsonScanner{src: src, max: limit, hit: -1, onPush: onPush}
	s.run()
	if s.hit < 0 {
		return nil
	}
	return exceeded(src, s.hit, s.deepest, true)
}

func (s *jsonScanner) run() {
	src := s.src
	typeKey := false // the last token was the key "type" and its colon
	for i := 0; i < len(src) && s.hit < 0; {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ':':
			i++
		case c == ',' || c == '=':
			typeKey = false
			i++
		case c == '[' || c == '{':
			typeKey = false
			s.open = append(s.open, c)
			s.check(i, len(s.open))
			if s.onPush != nil {
				s.onPush(i, len(s.open))
			}
			i++
		case c == ']' || c == '}':
			if n := len(s.open); n > 0 && s.open[n-1] == c-2 {
				s.open = s.open[:n-1]
			}
			i++
		case c == '"':
			end := jsonStringEnd(src, i)
			s.stringTemplate(i, end, typeKey)
			typeKey = isTypeKey(src, i, end)
			i = end
		case c == '-' || c == '+' || c == '.' || isDigit(c):
			for i < len(src) && (isDigit(src[i]) || bytes.IndexByte([]byte("-+.eE"), src[i]) >= 0) {
				i++
			}
		case isLetter(c):
			for i < len(src) && (isLetter(src[i]) || src[i] == '_') {
				i++
			}
		default:
			return
		}
	}
}

// isTypeKey says whether the string src[start:end] is the key "type"
// (followed by a colon).
func isTypeKey(src []byte, start, end int) bool {
	if string(src[start:end]) != `"type"` {
		return false
	}
	for end < len(src) && (src[end] == ' ' || src[end] == '\t' || src[end] == '\r' || src[end] == '\n') {
		end++
	}
	return end < len(src) && src[end] == ':'
}

func (s *jsonScanner) check(off, depth int) {
	if depth > s.deepest {
		s.deepest = depth
	}
	if depth > s.max && s.hit < 0 {
		s.hit = off
	}
}

// jsonStringEnd returns the end of the string token opening at off, as
// hcl/v2/json's scanString finds it.
func jsonStringEnd(src []byte, off int) int {
	i := off + 1
	escaping := false
	for i < len(src) {
		switch b := src[i]; {
		case b == '\\':
			escaping = !escaping
			i++
		case b == '"':
			i++
			if !escaping {
				return i
			}
			escaping = false
		case b < 32:
			return i
		default:
			n := 1
			if b >= 0x80 || i+1 < len(src) && src[i+1] >= 0x80 {
				n, _, _ = textseg.ScanGraphemeClusters(src[i:], true)
				n = max(n, 1)
			}
			i += n
			escaping = false
		}
	}
	return i
}

// stringTemplate measures the HCL in the string token src[start:end] on
// top of the brackets open around it: every string is read as a template,
// and the value of a "type" key also as an expression (a variable's type
// constraint). A string with escapes is decoded first (a position inside it
// is then reported at its opening quote).
func (s *jsonScanner) stringTemplate(start, end int, asExpr bool) {
	raw := s.src[start:end]
	if !asExpr && !bytes.Contains(raw, []byte("{")) && !bytes.Contains(raw, []byte(`\u`)) {
		return // no template without a brace
	}
	text, rel := raw[1:], start+1
	if bytes.IndexByte(raw, '\\') >= 0 {
		var str string
		if json.Unmarshal(raw, &str) == nil {
			text, rel = []byte(str), -1
		}
	} else if len(raw) > 1 && raw[len(raw)-1] == '"' {
		text = raw[1 : len(raw)-1]
	}
	if bytes.Contains(text, []byte("${")) || bytes.Contains(text, []byte("%{")) {
		s.embedded(text, modeTemplate, start, rel)
	}
	if asExpr {
		s.embedded(text, modeExpression, start, rel)
	}
}

// embedded scans text (from the string opening at start; its offset 0 is
// rel in src, or -1 when it was decoded) in mode m.
func (s *jsonScanner) embedded(text []byte, m mode, start, rel int) {
	t := newHCLScanner(text, m, len(s.open), s.max, nil)
	t.run()
	if t.deepest > s.deepest {
		s.deepest = t.deepest
	}
	if t.hit >= 0 && s.hit < 0 {
		s.hit = start
		if rel >= 0 {
			s.hit = rel + t.hit
		}
	}
}
