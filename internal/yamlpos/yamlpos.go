// Package yamlpos turns go.yaml.in/yaml/v3 node positions and error
// messages into source ranges. Columns count characters, as hcl does.
package yamlpos

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/faultline-dev/faultline/lint"
	"go.yaml.in/yaml/v3"
)

// maxDepth bounds how deep End looks for the end of a collection.
const maxDepth = 64

// Range returns where node n is written in file. Scalars span their text
// (best effort for escapes and multi-line styles); collections span from
// their start to the end of their last element. A nil node has no range.
func Range(file string, n *yaml.Node) lint.Range {
	if n == nil {
		return lint.Range{}
	}
	line, col := Start(n)
	endLine, endCol := End(n)
	if endLine < line || (endLine == line && endCol < col) {
		endLine, endCol = line, col
	}
	return lint.Range{File: file, Line: line, Column: col, EndLine: endLine, EndColumn: endCol}
}

// Start is where a node's content begins: for a scalar, past a leading
// anchor and explicit tag, which yaml.v3 includes in the node's position.
func Start(n *yaml.Node) (line, col int) {
	line, col = max(n.Line, 1), max(n.Column, 1)
	if n.Kind == yaml.ScalarNode {
		if n.Anchor != "" {
			col += utf8.RuneCountInString(n.Anchor) + 2
		}
		if n.Style&yaml.TaggedStyle != 0 {
			col += utf8.RuneCountInString(n.Tag) + 1
		}
	}
	return line, col
}

// End returns the position just after node n.
func End(n *yaml.Node) (line, col int) { return end(n, 0) }

func end(n *yaml.Node, depth int) (line, col int) {
	line, col = Start(n)
	switch n.Kind {
	case yaml.ScalarNode:
		return line, col + ScalarWidth(n)
	case yaml.AliasNode:
		return line, col + 1 + utf8.RuneCountInString(n.Value)
	case yaml.DocumentNode, yaml.MappingNode, yaml.SequenceNode:
		flow := n.Style&yaml.FlowStyle != 0
		if len(n.Content) == 0 || depth >= maxDepth {
			if flow {
				return line, col + 2 // "{}" or "[]"
			}
			return line, col
		}
		line, col = end(n.Content[len(n.Content)-1], depth+1)
		if flow {
			col++ // the closing bracket, assuming no space before it
		}
	}
	return line, col
}

// ScalarWidth is how many characters a scalar's text takes on its first
// line: its value, plus quotes when quoted. Block scalars (| and >) count
// only their indicator.
func ScalarWidth(n *yaml.Node) int {
	v := n.Value
	if i := strings.IndexByte(v, '\n'); i >= 0 {
		v = v[:i]
	}
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return 1
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		return utf8.RuneCountInString(v) + 2
	}
	return utf8.RuneCountInString(v)
}

var errLine = regexp.MustCompile(`yaml: line (\d+): (.*)`)

// parserProblems are the yaml.v3 messages raised by its parser (not its
// scanner): these report a 0-based line, so one is added.
var parserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found undefined tag handle",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// scannerProblems are the yaml.v3 messages raised by its scanner: these
// report a 1-based line.
var scannerProblems = []string{
	"block sequence entries are not allowed in this context",
	"could not find expected ':'",
	"could not find expected directive name",
	"did not find URI escaped octet",
	"did not find expected",
	"did not find the expected '>'",
	"found a tab character",
	"found an indentation indicator equal to 0",
	"found character that cannot start any token",
	"found unexpected document indicator",
	"found unexpected end of stream",
	"found unexpected non-alphabetical character",
	"found unknown directive name",
	"found unknown escape character",
	"found invalid Unicode character escape code",
	"mapping keys are not allowed in this context",
	"mapping values are not allowed in this context",
}

// firstLine reports whether msg is a yaml.v3 syntax error that names no
// line: yaml.v3 leaves the line out when the problem is on the first
// (its 0-based line 0), for its parser's and its scanner's problems
// alike; its reader's problems (bad encoding) name no line at all.
func firstLine(msg string) (detail string, ok bool) {
	rest, ok := strings.CutPrefix(msg, "yaml: ")
	if !ok {
		return msg, false
	}
	for _, p := range append(slices.Clip(parserProblems), scannerProblems...) {
		if strings.HasPrefix(rest, p) {
			return rest, true
		}
	}
	return msg, false
}

// ErrorLine reads the 1-based line a yaml.v3 error message names and the
// message without its "yaml: line N: " prefix (a syntax error that names
// none is on the first line); ok is false when the message names no line.
func ErrorLine(msg string) (line int, detail string, ok bool) {
	m := errLine.FindStringSubmatch(msg)
	if m == nil {
		if d, first := firstLine(msg); first {
			return 1, d, true
		}
		return 0, msg, false
	}
	l, err := strconv.Atoi(m[1])
	if err != nil {
		return 0, msg, false
	}
	for _, p := range parserProblems {
		if strings.HasPrefix(m[2], p) {
			return l + 1, m[2], true
		}
	}
	return l, m[2], true
}

// blockProblems are the yaml.v3 parser messages about a block mapping or
// sequence that cannot go on: the line yaml.v3 names is the collection's
// start, not the token it met (a key indented one level too far, a list
// item at the mapping's indentation, many lines below).
var blockProblems = []string{
	"did not find expected key",
	"did not find expected '-' indicator",
}

// maxProblemSearch bounds the data ErrorAt searches for the token a block
// problem was met at: each step parses a prefix of the data again.
const maxProblemSearch = 4 << 20

// ErrorAt is where a yaml.v3 error on data points, 1-based, and its
// message without the "yaml: line N: " prefix; ok is false when the
// message names no line. For a block collection that cannot go on
// (blockProblems), yaml.v3 names the line the collection starts on; the
// token that stopped it is found by parsing ever shorter prefixes of the
// data, whole lines, with yaml.v3 itself: it is on the first line whose
// prefix fails with the same error, at that line's first character.
// Any other error is at the first character of the line it names.
// Data above maxProblemSearch keeps the collection's line.
func ErrorAt(data []byte, msg string) (line, col int, detail string, ok bool) {
	line, detail, ok = ErrorLine(msg)
	if !ok {
		return 0, 0, detail, false
	}
	block := false
	for _, p := range blockProblems {
		block = block || strings.HasPrefix(detail, p)
	}
	ends := lineEnds(data)
	col = firstColumn(data, ends, line)
	if !block || len(data) > maxProblemSearch || line > len(ends) {
		return line, col, detail, true
	}
	// fails(k): the prefix through line k fails as the whole data does.
	fails := func(k int) bool {
		_, err := DecodeAll(data[:ends[k-1]])
		if err == nil {
			return false
		}
		l, d, ok := ErrorLine(err.Error())
		return ok && l == line && d == detail
	}
	lo, hi := line, len(ends) // fails(hi) holds: it is the whole data
	if !fails(hi) {
		return line, col, detail, true
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, firstColumn(data, ends, lo), detail, true
}

// firstColumn is the column of the first character of line (1-based)
// that is not a space — YAML indents with spaces only, so a tab there is
// what is wrong —, where yaml.v3 names the line only; 1 on a blank line
// or one data does not have.
func firstColumn(data []byte, ends []int, line int) int {
	if line < 1 || line > len(ends) {
		return 1
	}
	start := 0
	if line > 1 {
		start = ends[line-2]
	}
	text := bytes.TrimRight(data[start:ends[line-1]], "\r\n")
	rest := bytes.TrimLeft(text, " ")
	if len(rest) == 0 {
		return 1
	}
	return utf8.RuneCount(text[:len(text)-len(rest)]) + 1
}

// lineEnds are the offsets just past each line of data (its newline
// included); the last line may end without one.
func lineEnds(data []byte) []int {
	var ends []int
	for i, b := range data {
		if b == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) == 0 || ends[len(ends)-1] < len(data) {
		ends = append(ends, len(data))
	}
	return ends
}

// DecodeAll decodes every document of data, in order, and returns them
// with the first error (nil at the end of the data): the documents before
// an error are kept. A parser panic is an error, so bad input never
// crashes the linter.
func DecodeAll(data []byte) (docs []*yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: internal parser error: %v", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			if errors.Is(err, io.EOF) {
				return docs, nil
			}
			return docs, err
		}
		docs = append(docs, &n)
	}
}

// Indent counts the leading spaces of a 1-based line of data (0 when the
// line does not exist): columns yaml.v3 does not keep, inside block
// scalars.
func Indent(data []byte, line int) int {
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(data, '\n')
		if j < 0 {
			return 0
		}
		data = data[j+1:]
	}
	n := 0
	for n < len(data) && data[n] == ' ' {
		n++
	}
	return n
}
