package eval

import (
	"io"
	"math"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
)

// Regular expressions are bounded before they run: the pattern's length
// and the size of the program it compiles to, then the matching itself.
// Go's engine is linear for one search, but finding every match repeats
// the search from each match's end and may rescan the rest of the string
// each time (regexall("(.*b|a)", <a string of a's>) is quadratic); and a
// list of every match, built before its length is known, can take
// gigabytes. So the matches are counted first, one search at a time, by a
// search that reads the string through a reader counting what it reads:
// each rune read costs the program's size in steps, charged to the
// budget, and the count stops at the first bound reached. Only then does
// the function run (Terraform's own implementation, for the same result).

// regexScanner finds the non-overlapping matches of one regular expression
// as Go's FindAll functions do, within the budget.
type regexScanner struct {
	// first searches from the start of the string; shifted searches from
	// a later position: it matches the rune before that position first
	// (so ^, \b and (?m)^ see the text before it), and its group 1 is the
	// match. Neither has other capture groups (they do not change where
	// a match is).
	first, shifted *regexp.Regexp
	// insts is the size of the program (an upper bound): the steps one
	// rune read may cost.
	insts float64
	// groups is the number of capture groups of the pattern.
	groups int
	// reader is the searches' reader, reused.
	reader stepReader
}

// regexInsts estimates the instructions a parsed pattern compiles to, an
// upper bound (repetitions are expanded).
func regexInsts(re *syntax.Regexp) float64 {
	n := 1.0
	for _, s := range re.Sub {
		n += regexInsts(s)
	}
	switch re.Op {
	case syntax.OpLiteral:
		n += float64(len(re.Rune))
	case syntax.OpCapture:
		n++
	case syntax.OpRepeat:
		count := re.Max
		if count < 0 {
			count = re.Min + 1
		}
		n = mulSat(n, float64(max(count, 1))+1)
	}
	return n
}

// dropCaptures turns every capture group below re into its content.
func dropCaptures(re *syntax.Regexp) *syntax.Regexp {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	for i, s := range re.Sub {
		re.Sub[i] = dropCaptures(s)
	}
	return re
}

// regexScannerFor compiles pattern within the budget's bounds on patterns;
// ok is false when a bound is reached (recorded) or the pattern does not
// compile (left for the function to report).
func (b *budget) regexScannerFor(pattern, what string) (*regexScanner, bool) {
	if b.hit != nil {
		return nil, false
	}
	if x, ok := b.regexes[pattern]; ok {
		return x, true
	}
	if int64(len(pattern)) > b.lim.patternLen {
		b.exceed("regular expression size", "%s has a pattern of %d bytes (limit %d)", what, len(pattern), b.lim.patternLen)
		return nil, false
	}
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	groups := tree.MaxCap()
	insts := regexInsts(tree)
	if insts > float64(b.lim.regexInsts) {
		b.exceed("regular expression size", "%s has a pattern of about %.0f instructions (limit %d)", what, insts, b.lim.regexInsts)
		return nil, false
	}
	plain := dropCaptures(tree).String()
	first, err1 := regexp.Compile(plain)
	shifted, err2 := regexp.Compile(`(?s:.)(` + plain + `)`)
	if err1 != nil || err2 != nil {
		return nil, false
	}
	x := &regexScanner{first: first, shifted: shifted, insts: insts + 2, groups: groups}
	if len(b.regexes) < maxCachedRegexes {
		if b.regexes == nil {
			b.regexes = map[string]*regexScanner{}
		}
		b.regexes[pattern] = x
	}
	return x, true
}

// maxCachedRegexes bounds the scanners a budget keeps, compiled once for
// the calls of a for expression.
const maxCachedRegexes = 256

// stepReader reads a string rune by rune, at most max runes.
type stepReader struct {
	s       string
	i       int
	read    int64
	max     int64
	stopped bool
}

// ReadRune reads the next rune; io.EOF at the end or once max runes were
// read (stopped is then set).
func (r *stepReader) ReadRune() (rune, int, error) {
	if r.i >= len(r.s) {
		return 0, 0, io.EOF
	}
	if r.read >= r.max {
		r.stopped = true
		return 0, 0, io.EOF
	}
	c, w := utf8.DecodeRuneInString(r.s[r.i:])
	r.i += w
	r.read++
	return c, w, nil
}

// search finds the leftmost match in s at or after pos, as Go's engine
// does from pos (found is false when there is none); ok is false once the
// budget's steps are spent. A search costs the program's size for each
// rune it reads and once more to start.
func (x *regexScanner) search(b *budget, s string, pos int, what string) (start, end int, found, ok bool) {
	left := float64(b.lim.regexSteps-b.regexSteps)/x.insts - 1
	r := &x.reader
	*r = stepReader{max: int64(math.Max(left, 0))}
	base := pos
	var loc []int
	if pos == 0 {
		r.s = s
		loc = x.first.FindReaderIndex(r)
	} else {
		_, w := utf8.DecodeLastRuneInString(s[:pos])
		base = pos - w
		r.s = s[base:]
		if m := x.shifted.FindReaderSubmatchIndex(r); m != nil {
			loc = m[2:4]
		}
	}
	// A replay must leave this search room for what it read and more.
	b.needRegex = max(b.needRegex, float64(b.regexSteps)+(float64(r.read)+3)*x.insts)
	b.regexSteps += int64(float64(r.read+1) * x.insts)
	if r.stopped || left < 0 {
		b.exceed("regular expression steps", "%s would take more than %d steps matching a string of %d bytes", what, b.lim.regexSteps, len(s))
		return 0, 0, false, false
	}
	if loc == nil {
		return 0, 0, false, true
	}
	return base + loc[0], base + loc[1], true, true
}

// each calls f with every match of s, in order, as FindAllStringIndex
// finds them (an empty match right after a match is not one), until f
// returns false; ok is false once the budget is exceeded.
func (x *regexScanner) each(b *budget, s, what string, f func(start, end int) bool) bool {
	prev := -1
	for pos := 0; pos <= len(s); {
		start, end, found, ok := x.search(b, s, pos, what)
		if !ok {
			return false
		}
		if !found {
			return true
		}
		accept := true
		if end == pos {
			accept = start != prev
			if _, w := utf8.DecodeRuneInString(s[pos:]); w > 0 {
				pos += w
			} else {
				pos = len(s) + 1
			}
		} else {
			pos = end
		}
		prev = end
		if accept && !f(start, end) {
			return true
		}
	}
	return true
}

// estRegex is regex(pattern, string): one search, whose captures are
// substrings of the string.
func estRegex(b *budget, args []cty.Value, _ []size) estimate {
	pattern, ok1 := str(args, 0)
	s, ok2 := str(args, 1)
	if !ok1 || !ok2 {
		return estimate{}
	}
	x, ok := b.regexScannerFor(pattern, "regex")
	if !ok {
		return estimate{quiet: b.hit != nil}
	}
	if _, _, _, ok := x.search(b, s, 0, "regex"); !ok {
		return estimate{quiet: true}
	}
	return estimate{elements: float64(x.groups + 1)}
}

// estRegexAll counts regexall's matches before any is built: each is a
// string, or a tuple or object of its captures. Counting stops once the
// list would be larger than a collection may be.
func estRegexAll(b *budget, args []cty.Value, _ []size) estimate {
	pattern, ok1 := str(args, 0)
	s, ok2 := str(args, 1)
	if !ok1 || !ok2 {
		return estimate{}
	}
	x, ok := b.regexScannerFor(pattern, "regexall")
	if !ok {
		return estimate{quiet: b.hit != nil}
	}
	per := float64(x.groups + 1)
	if x.groups == 0 {
		per = 1
	}
	bound := math.Min(float64(b.lim.valueLen), float64(b.lim.elements-b.elements))
	n := 0.0
	if !x.each(b, s, "regexall", func(int, int) bool {
		n++
		return n*per <= bound
	}) {
		return estimate{quiet: true}
	}
	return estimate{elements: 1 + n*per}
}

// estRegexReplace predicts a regular expression replacement from its
// matches: each is replaced by the replacement, whose $ references copy
// at most the match each.
func estRegexReplace(b *budget, args []cty.Value, _ []size) estimate {
	s, ok1 := str(args, 0)
	sub, _ := str(args, 1)
	repl, ok2 := str(args, 2)
	if !ok1 || !ok2 {
		return estimate{}
	}
	x, ok := b.regexScannerFor(sub[1:len(sub)-1], "replace")
	if !ok {
		return estimate{quiet: b.hit != nil}
	}
	refs := float64(strings.Count(repl, "$"))
	out := float64(len(s))
	limit := math.Min(float64(b.lim.stringLen), float64(b.lim.bytes-b.bytes))
	if !x.each(b, s, "replace", func(start, end int) bool {
		m := float64(end - start)
		out += float64(len(repl)) + refs*m - m
		// Stop once the rest of the string, all replaced by nothing,
		// could not bring the result back within the bounds.
		return out-float64(len(s)-end) <= limit
	}) {
		return estimate{quiet: true}
	}
	return estimate{bytes: out}
}
