package eval

import "strings"

// yamlNodeBound bounds, without parsing, the nodes a YAML document's parse
// tree holds (its aliases counted once, not expanded): every scalar,
// alias and flow collection counts one, and every indicator that may
// open a collection or imply an empty node ("- ", "? ", ": ", ",") counts
// what it may imply. Comments, quoted scalars and the content of block
// scalars count nothing inside. The scan reads each byte once and
// allocates nothing, so a document too large to parse is refused before
// it is parsed. depth estimates the nesting from the indentation, the
// "- " and "? " entries opening a line and the flow brackets.
func yamlNodeBound(s string) (nodes float64, depth int) {
	n := 2.0 // the document node and its content
	flow, indent, compact := 0, 0, 0
	lineStart, leading := true, true
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\n' {
			lineStart, leading, indent, compact = true, true, 0, 0
			i++
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' {
			if leading && compact == 0 {
				indent++
			}
			i++
			continue
		}
		atLine := lineStart
		lineStart = false
		if leading && (c == '-' || c == '?') && yamlIndicator(s, i+1, flow) {
			compact++
		} else {
			leading = false
		}
		depth = max(depth, indent+compact+flow+2)
		switch {
		case c == '#' && (i == 0 || isYAMLSpace(s[i-1])):
			i = yamlLineEnd(s, i)
		case c == '%' && atLine && i == yamlLineStart(s, i):
			i = yamlLineEnd(s, i)
		case c == '"' || c == '\'':
			n++
			i = yamlQuotedEnd(s, i)
		case c == '[' || c == '{':
			n += 2
			flow++
			depth = max(depth, indent+compact+flow+2)
			i++
		case c == ']' || c == '}':
			flow = max(flow-1, 0)
			i++
		case c == ',' && flow > 0:
			n += 2
			i++
		case (c == '-' || c == '?' || c == ':') && yamlIndicator(s, i+1, flow):
			n += 3
			i++
		case (c == '|' || c == '>') && flow == 0:
			n++
			i = yamlBlockScalarEnd(s, i)
		case c == '*':
			n++
			i = yamlWordEnd(s, i, flow)
		case c == '&' || c == '!':
			i = yamlWordEnd(s, i, flow)
		default:
			n++
			i = yamlPlainEnd(s, i, flow)
		}
	}
	return n, depth
}

func isYAMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// yamlIndicator reports whether the byte before s[j] is an indicator (it
// is followed by a space, the end, or in flow context a flow indicator).
func yamlIndicator(s string, j, flow int) bool {
	if j >= len(s) || isYAMLSpace(s[j]) {
		return true
	}
	return flow > 0 && strings.IndexByte(",[]{}", s[j]) >= 0
}

// yamlLineStart is the offset of the line holding s[i].
func yamlLineStart(s string, i int) int {
	return strings.LastIndexByte(s[:i], '\n') + 1
}

// yamlLineEnd is the offset of the newline ending the line of s[i] (or
// the end).
func yamlLineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// yamlQuotedEnd is the offset after the quoted scalar starting at s[i]
// (the end when it is not closed).
func yamlQuotedEnd(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case q == '"' && s[j] == '\\':
			j++
		case s[j] == q && q == '\'' && j+1 < len(s) && s[j+1] == '\'':
			j++
		case s[j] == q:
			return j + 1
		}
	}
	return len(s)
}

// yamlWordEnd is the offset after an anchor, alias or tag starting at
// s[i].
func yamlWordEnd(s string, i, flow int) int {
	j := i + 1
	for j < len(s) && !isYAMLSpace(s[j]) && (flow == 0 || strings.IndexByte(",[]{}", s[j]) < 0) {
		j++
	}
	return j
}

// yamlPlainEnd is the offset where the plain scalar starting at s[i] ends
// on its line: at ": ", " #", the line's end, or in flow context a flow
// indicator. (A scalar continued on the next line counts again there: an
// over-count.)
func yamlPlainEnd(s string, i, flow int) int {
	j := i + 1
	for ; j < len(s); j++ {
		c := s[j]
		switch {
		case c == '\n':
			return j
		case c == ':' && yamlIndicator(s, j+1, flow):
			return j
		case c == '#' && isYAMLSpace(s[j-1]):
			return j
		case flow > 0 && strings.IndexByte(",[]{}", c) >= 0:
			return j
		}
	}
	return j
}

// yamlBlockScalarEnd is the offset after the block scalar whose header
// ("|" or ">") is at s[i]: its content lines are those after the header
// indented at least as far as the first non-blank one, when that one is
// indented past the line's nodes. The indentation compared is the column
// of the line's first node after any "- " and "? " entries, at least that
// of the scalar's parent, so no line of the document's structure is
// skipped (some content may be scanned: an over-count).
func yamlBlockScalarEnd(s string, i int) int {
	start := yamlLineStart(s, i)
	parent := start
	for parent < i && s[parent] == ' ' {
		parent++
	}
	for parent+1 < i && (s[parent] == '-' || s[parent] == '?') && (s[parent+1] == ' ' || s[parent+1] == '\t') {
		parent += 2
		for parent < i && s[parent] == ' ' {
			parent++
		}
	}
	n := parent - start
	j := yamlLineEnd(s, i)
	content := -1
	for j < len(s) {
		next := yamlLineEnd(s, j+1)
		line := s[j+1 : next]
		indent := len(line) - len(strings.TrimLeft(line, " "))
		blank := strings.TrimSpace(line) == ""
		switch {
		case blank:
		case content < 0 && indent > n:
			content = indent
		case content < 0 || indent < content:
			return j
		}
		j = next
	}
	return j
}
