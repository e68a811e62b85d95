package nesting

import (
	"bytes"

	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// HCL checks an HCL native syntax file (a .tf, .tfvars or .faultline.hcl).
func HCL(src []byte) *Exceeded { return scanHCL(src, modeConfig, 0, Max, nil) }

// HCLTemplate checks a bare HCL template, as templatefile reads it and as
// hcl/v2's JSON syntax reads every string.
func HCLTemplate(src []byte) *Exceeded { return scanHCL(src, modeTemplate, 0, Max, nil) }

// HCLExpression checks a standalone HCL expression (a --var value).
func HCLExpression(src []byte) *Exceeded { return scanHCL(src, modeExpression, 0, Max, nil) }

// mode is what the text is: a configuration body, a bare template or an
// expression.
type mode uint8

const (
	modeConfig mode = iota
	modeTemplate
	modeExpression
)

// kind is what a frame on the scanner's stack is.
type kind uint8

const (
	kBody     kind = iota // a configuration body or object constructor: newlines end expressions
	kFlat                 // an expression context where newlines are spaces: top of an expression, `{ for`
	kParen                // (
	kBrack                // [
	kInterp               // ${ or %{ up to its closing brace
	kQuote                // "…" template
	kHeredoc              // <<EOF … EOF template
	kTemplate             // a bare template (the whole text)
)

// frame is one open context. chain counts operators (and template if/for
// directives) since the last separator: the parser nests each of them one
// level deeper, so they count as depth until the expression ends.
type frame struct {
	kind        kind
	chain       int
	marker      []byte // heredoc closing marker
	startOfLine bool   // heredoc: at the start of a line (the marker may follow)
}

// hclScanner is one pass over src. The depth at any point is the frames
// open above the first, plus every frame's chain, plus leaked: frames that
// the lexer abandoned (a `}` closing an interpolation with parentheses
// still open), which stay counted.
type hclScanner struct {
	src     []byte
	i       int
	stack   []frame
	sum     int
	leaked  int
	base    int
	max     int
	deepest int
	hit     int // offset where max was passed, or -1
	noClose int // no "*/" at or after this offset (-1: unknown)
	// value says the last token ended a value, so that a '[' indexes it
	// (the parser nests each index) rather than opening a tuple.
	value  bool
	idents map[[5]byte]bool // verdicts of hcl's identifier machine on one character
	onPush func(off, depth int)
}

// scanHCL measures src in mode m, starting base levels deep; it stops at
// the first point deeper than limit. onPush, for tests, sees every opening
// bracket or template with the depth it reaches.
func scanHCL(src []byte, m mode, base, limit int, onPush func(off, depth int)) *Exceeded {
	s := newHCLScanner(src, m, base, limit, onPush)
	s.run()
	if s.hit < 0 {
		return nil
	}
	return exceeded(src, s.hit, s.deepest, true)
}

func newHCLScanner(src []byte, m mode, base, limit int, onPush func(off, depth int)) *hclScanner {
	s := &hclScanner{src: src, base: base, max: limit, hit: -1, noClose: -1, onPush: onPush}
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		s.i = 3
	}
	top := map[mode]kind{modeConfig: kBody, modeTemplate: kTemplate, modeExpression: kFlat}[m]
	s.stack = append(make([]frame, 0, 32), frame{kind: top})
	return s
}

func (s *hclScanner) run() {
	for s.i < len(s.src) && s.hit < 0 {
		switch s.top().kind {
		case kQuote:
			s.quoted()
		case kHeredoc:
			s.heredoc()
		case kTemplate:
			s.template()
		default:
			s.code()
		}
	}
}

func (s *hclScanner) top() *frame { return &s.stack[len(s.stack)-1] }

func (s *hclScanner) depth() int { return s.base + len(s.stack) - 1 + s.sum + s.leaked }

// check records off as the place the bound was passed, if it was.
func (s *hclScanner) check(off int) {
	d := s.depth()
	if d > s.deepest {
		s.deepest = d
	}
	if d > s.max && s.hit < 0 {
		s.hit = off
	}
}

func (s *hclScanner) push(f frame, off int) {
	s.value = false
	s.stack = append(s.stack, f)
	s.check(off)
	if s.onPush != nil {
		s.onPush(off, s.depth())
	}
}

func (s *hclScanner) pop() {
	s.sum -= s.top().chain
	s.stack = s.stack[:len(s.stack)-1]
}

// chainUp counts one more operator in the current expression.
func (s *hclScanner) chainUp(off int) {
	s.top().chain++
	s.sum++
	s.check(off)
}

// reset ends the current expression (a comma, or a newline where newlines
// separate items).
func (s *hclScanner) reset() {
	s.sum -= s.top().chain
	s.top().chain = 0
}

// code reads one token of an expression or body context.
func (s *hclScanner) code() {
	src, i := s.src, s.i
	c := src[i]
	switch {
	case c == '\n':
		if s.top().kind == kBody {
			s.reset()
			s.value = false
		}
		s.i++
	case c == '#' || c == '/' && i+1 < len(src) && src[i+1] == '/':
		s.i = lineEnd(src, i)
	case c == '/' && i+1 < len(src) && src[i+1] == '*':
		if end := s.blockCommentEnd(i); end >= 0 {
			s.i = end
		} else {
			s.chainUp(i)
			s.value = false
			s.i++
		}
	case c == '"':
		s.i++
		s.push(frame{kind: kQuote}, i)
	case c == '<':
		s.less(i)
	case c == '{':
		s.i++
		k := kBody
		if s.forFollows(s.i) {
			k = kFlat
		}
		s.push(frame{kind: k}, i)
	case c == '(':
		s.i++
		s.push(frame{kind: kParen}, i)
	case c == '[':
		s.i++
		if s.value {
			s.chainUp(i)
		}
		s.push(frame{kind: kBrack}, i)
	case c == ')' || c == ']':
		if k := s.top().kind; k == kParen && c == ')' || k == kBrack && c == ']' {
			s.pop()
		}
		s.value = true
		s.i++
	case c == '}':
		s.closeBrace()
		s.i++
	case c == '~' && i+1 < len(src) && src[i+1] == '}':
		s.closeBrace()
		s.i += 2
	case c == ',':
		s.reset()
		s.value = false
		s.i++
	default:
		s.other(c, i)
	}
}

// other reads numbers, identifiers and operators. An operator (the
// two-character ones count once) nests the rest of the expression one
// level deeper; `=` and `=>` do not.
func (s *hclScanner) other(c byte, i int) {
	src := s.src
	switch {
	case isDigit(c):
		s.i, s.value = numberEnd(src, i), true
	case isLetter(c) || c == '_' || c >= 0x80 && s.identLen(i) > 0:
		s.i, s.value = i+s.identLen(i), true
	case c == ' ' || c == '\t' || c == '\r' || c == '.':
		s.i++
	case c == '&' || c == '|' || c == '=' || c == '!' || c == '>':
		n := 1
		if i+1 < len(src) {
			next := src[i+1]
			if next == c && (c == '&' || c == '|' || c == '=') || next == '=' || c == '=' && next == '>' {
				n = 2
			}
		}
		if c != '=' || n == 2 && src[i+1] == '=' {
			s.chainUp(i)
		}
		s.i, s.value = i+n, false
	case c == '+' || c == '-' || c == '*' || c == '/' || c == '%' || c == '?':
		s.chainUp(i)
		s.i, s.value = i+1, false
	default:
		s.i, s.value = i+1, false
	}
}

// less reads a heredoc introducer (<<EOF or <<-EOF and a newline) or a
// less-than operator.
func (s *hclScanner) less(i int) {
	src := s.src
	if i+1 < len(src) && src[i+1] == '<' {
		j := i + 2
		if j < len(src) && src[j] == '-' {
			j++
		}
		k := j + s.identLen(j)
		end := -1
		if k < len(src) && src[k] == '\n' {
			end = k + 1
		} else if k+1 < len(src) && src[k] == '\r' && src[k+1] == '\n' {
			end = k + 2
		}
		if end > 0 && k > j {
			s.i = end
			s.push(frame{kind: kHeredoc, marker: bytes.TrimSuffix(src[j:k], []byte("\r")), startOfLine: true}, i)
			return
		}
	}
	s.chainUp(i)
	s.value = false
	if i+1 < len(src) && src[i+1] == '=' {
		s.i += 2
		return
	}
	s.i++
}

// closeBrace handles `}`: it ends the innermost brace or interpolation,
// abandoning (but still counting) any parentheses or brackets left open
// inside it, as the lexer does; with none open it is a stray brace.
func (s *hclScanner) closeBrace() {
	s.value = true
	n := len(s.stack) - 1
	for n > 0 && (s.stack[n].kind == kParen || s.stack[n].kind == kBrack) {
		n--
	}
	if n == 0 {
		return
	}
	for len(s.stack)-1 > n {
		s.leaked += 1 + s.top().chain
		s.pop()
	}
	s.pop()
}

// forFollows says whether the next token after off is the keyword `for`:
// then the braces hold a for expression, where newlines do not end it.
// Unsure (an identifier running into non-ASCII), it answers yes.
func (s *hclScanner) forFollows(off int) bool {
	src := s.src
	for off < len(src) {
		switch c := src[off]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			off++
		case c == '#' || c == '/' && off+1 < len(src) && src[off+1] == '/':
			off = lineEnd(src, off)
		case c == '/' && off+1 < len(src) && src[off+1] == '*':
			end := s.blockCommentEnd(off)
			if end < 0 {
				return false
			}
			off = end
		default:
			return s.identLen(off) == 3 && bytes.HasPrefix(src[off:], []byte("for"))
		}
	}
	return false
}

// blockCommentEnd returns the offset after the "*/" closing the comment
// opened at off, or -1 when there is none (then "/*" is not a comment).
func (s *hclScanner) blockCommentEnd(off int) int {
	if s.noClose >= 0 && off >= s.noClose {
		return -1
	}
	k := bytes.Index(s.src[off+2:], []byte("*/"))
	if k < 0 {
		s.noClose = off
		return -1
	}
	return off + 2 + k + 2
}

// quoted reads one piece of a quoted template.
func (s *hclScanner) quoted() {
	src, i := s.src, s.i
	switch src[i] {
	case '"':
		s.pop()
		s.value = true
		s.i++
	case '\\':
		if i+1 < len(src) && src[i+1] != '\n' && src[i+1] != '\r' {
			s.i += 2
		} else {
			s.i++
		}
	case '$', '%':
		s.templateSequence(i)
	default:
		s.i++
	}
}

// template reads one piece of a bare template.
func (s *hclScanner) template() {
	if c := s.src[s.i]; c == '$' || c == '%' {
		s.templateSequence(s.i)
		return
	}
	s.i++
}

// heredoc reads one piece of a heredoc template; at the start of a line it
// first looks for the closing marker.
func (s *hclScanner) heredoc() {
	src, i := s.src, s.i
	f := s.top()
	if f.startOfLine {
		f.startOfLine = false
		if end, ok := markerLine(src, i, f.marker); ok {
			s.pop()
			s.value = true
			s.i = end
			return
		}
	}
	switch src[i] {
	case '\n':
		f.startOfLine = true
		s.i++
	case '$', '%':
		s.templateSequence(i)
	default:
		s.i++
	}
}

// markerLine says whether the line from off closes a heredoc with marker,
// as hcl's lexer decides: the line, less any invalid UTF-8 bytes in front
// (which the lexer skips without leaving the line start) and surrounding
// space, is the marker and ends in a newline. end is the offset of that
// newline.
func markerLine(src []byte, off int, marker []byte) (end int, ok bool) {
	for off < len(src) && brokenUTF8(src, off) {
		off++
	}
	nl := bytes.IndexByte(src[off:], '\n')
	if nl < 0 {
		return 0, false
	}
	return off + nl, bytes.Equal(bytes.TrimSpace(src[off:off+nl+1]), marker)
}

// templateSequence reads `${` or `%{` (an interpolation or directive), the
// escapes `$${` and `%%{`, or a lone `$` or `%`.
func (s *hclScanner) templateSequence(i int) {
	src, c := s.src, s.src[i]
	switch {
	case i+1 < len(src) && src[i+1] == '{':
		s.i = i + 2
		if s.i < len(src) && src[s.i] == '~' {
			s.i++
		}
		if c == '%' {
			s.directive(i)
		}
		if f := s.top(); f.kind == kHeredoc {
			f.startOfLine = false
		}
		s.push(frame{kind: kInterp}, i)
	case i+2 < len(src) && src[i+1] == c && src[i+2] == '{':
		s.i = i + 3
	default:
		s.i = i + 1
	}
}

// directive counts a template directive into the template's chain: if and
// for open a level that their end directive closes (the template parser
// nests on them); else changes nothing. Anything not plainly one of these
// opens a level.
func (s *hclScanner) directive(off int) {
	j := s.i
	for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
		j++
	}
	k := j
	for k < len(s.src) && isIdentByte(s.src[k]) {
		k++
	}
	if k < len(s.src) && s.src[k] >= 0x80 {
		k = j // an identifier running on: not a keyword we know
	}
	f := s.top()
	switch string(s.src[j:k]) {
	case "else":
	case "endif", "endfor":
		if f.chain > 0 {
			f.chain--
			s.sum--
		}
	default:
		s.chainUp(off)
	}
}

// lineEnd returns the offset of the newline ending the line at off (or
// the end of src).
func lineEnd(src []byte, off int) int {
	if k := bytes.IndexByte(src[off:], '\n'); k >= 0 {
		return off + k
	}
	return len(src)
}

// numberEnd returns the end of the number at off: digits, dots and
// exponents (an exponent's sign only before a digit, as hcl lexes it).
func numberEnd(src []byte, off int) int {
	i := off + 1
	for i < len(src) {
		c := src[i]
		switch {
		case isDigit(c) || c == '.':
			i++
		case (c == 'e' || c == 'E') && i+1 < len(src) && isDigit(src[i+1]):
			i += 2
		case (c == 'e' || c == 'E') && i+2 < len(src) && (src[i+1] == '+' || src[i+1] == '-') && isDigit(src[i+2]):
			i += 3
		default:
			return i
		}
	}
	return i
}

// identLen returns the length of the identifier at off as hcl's lexer
// reads it (0: none). hcl allows '-' after the first character, and its
// generated tables let some non-ASCII lead bytes take any next byte (even
// a bracket or a quote), so every non-ASCII character is put to the lexer
// itself.
func (s *hclScanner) identLen(off int) int {
	src := s.src
	i := off
	switch {
	case i >= len(src):
		return 0
	case isLetter(src[i]) || src[i] == '_':
		i++
	default:
		n := s.identChar(i, false)
		if n == 0 {
			return 0
		}
		i += n
	}
	for i < len(src) {
		if isIdentByte(src[i]) {
			i++
			continue
		}
		n := 0
		if src[i] >= 0x80 {
			n = s.identChar(i, true)
		}
		if n == 0 {
			break
		}
		i += n
	}
	return i - off
}

// identChar returns the length of the non-ASCII character at off when
// hcl's lexer takes it as the first (or, with cont, a later) character of
// an identifier, else 0. Its length is fixed by its lead byte.
func (s *hclScanner) identChar(off int, cont bool) int {
	n := 0
	switch c := s.src[off]; {
	case c >= 0xC0 && c <= 0xDF:
		n = 2
	case c >= 0xE0 && c <= 0xEF:
		n = 3
	case c >= 0xF0 && c <= 0xF7:
		n = 4
	}
	if n == 0 || off+n > len(s.src) {
		return 0
	}
	var key [5]byte
	copy(key[1:], s.src[off:off+n])
	if cont {
		key[0] = 1
	}
	ok, seen := s.idents[key]
	if !seen {
		text := string(s.src[off : off+n])
		if cont {
			text = "a" + text
		}
		ok = hclsyntax.ValidIdentifier(text)
		if s.idents == nil {
			s.idents = map[[5]byte]bool{}
		}
		if len(s.idents) < 1<<16 {
			s.idents[key] = ok
		}
	}
	if !ok {
		return 0
	}
	return n
}

// brokenUTF8 says whether the byte at off starts no UTF-8 sequence by the
// loose pattern hcl's lexer uses (any lead byte with enough continuation
// bytes).
func brokenUTF8(src []byte, off int) bool {
	c := src[off]
	var n int
	switch {
	case c < 0x80:
		return false
	case c >= 0xC0 && c <= 0xDF:
		n = 1
	case c >= 0xE0 && c <= 0xEF:
		n = 2
	case c >= 0xF0 && c <= 0xF7:
		n = 3
	default:
		return true
	}
	if off+n >= len(src) {
		return true
	}
	for k := 1; k <= n; k++ {
		if src[off+k] < 0x80 || src[off+k] > 0xBF {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isLetter(c byte) bool    { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '-' }
