package nesting

import "bytes"

// YAML checks a YAML stream and returns one result per document nested
// deeper than Max (in flow collections, block collections by indentation,
// or both), in order.
//
// It reads enough YAML to skip quoted scalars, comments and block scalars;
// where it is unsure it counts less, so that it never rejects a real
// manifest: yaml.v3 and kyaml stop by themselves at 10,000 levels.
func YAML(src []byte) []Exceeded { return scanYAML(src, Max) }

// Blank returns a copy of src in which every document of exs is replaced
// by a null document of the same lines, so that a decoder still sees the
// others at their positions and with their indices.
func Blank(src []byte, exs []Exceeded) []byte {
	out := bytes.Clone(src)
	for _, e := range exs {
		null := false
		for k := e.DocStart; k < e.DocEnd; k++ {
			if out[k] == '\n' || out[k] == '\r' {
				continue
			}
			out[k] = ' '
			if !null && k > e.DocStart {
				out[k], null = '~', true
			}
		}
	}
	return out
}

// yamlScanner reads one line at a time in block context and one byte at a
// time inside flow collections and quoted scalars.
type yamlScanner struct {
	src     []byte
	max     int
	indents []int // columns of the open block collections
	flow    int   // open flow collections
	// blockAt is the column a block scalar's content must be indented
	// past (-2: none pending).
	blockAt  int
	docStart int
	hit      int // offset where max was passed in this document, or -1
	deepest  int
	out      []Exceeded
}

func scanYAML(src []byte, limit int) []Exceeded {
	s := &yamlScanner{src: src, max: limit}
	s.startDoc(0)
	for i := 0; i < len(src); {
		if end, ok := docMarker(src, i); ok {
			s.endDoc(i)
			if src[i] == '-' {
				s.startDoc(i + 3)
				i = s.content(end, i)
			} else {
				s.startDoc(lineEnd(src, i))
				i = lineEnd(src, i)
			}
			continue
		}
		if s.hit >= 0 {
			i = nextLine(src, i)
			continue
		}
		i = s.line(i)
	}
	s.endDoc(len(src))
	return s.out
}

func (s *yamlScanner) startDoc(off int) {
	s.docStart, s.hit, s.deepest = off, -1, 0
	s.indents, s.flow, s.blockAt = s.indents[:0], 0, -2
}

func (s *yamlScanner) endDoc(off int) {
	if s.hit < 0 {
		return
	}
	e := exceeded(s.src, s.hit, s.deepest, false)
	e.DocStart, e.DocEnd = s.docStart, off
	s.out = append(s.out, *e)
	s.hit = -1
}

// docMarker says whether a "---" or "..." document marker starts the line
// at off; end is the offset after it.
func docMarker(src []byte, off int) (end int, ok bool) {
	if off+3 > len(src) || !(bytes.HasPrefix(src[off:], []byte("---")) || bytes.HasPrefix(src[off:], []byte("..."))) {
		return 0, false
	}
	return off + 3, off+3 == len(src) || isYAMLSpace(src[off+3])
}

// check records off as the place the bound was passed, if it was.
func (s *yamlScanner) check(off int) {
	d := len(s.indents) + s.flow
	if d > s.deepest {
		s.deepest = d
	}
	if d > s.max && s.hit < 0 {
		s.hit = off
	}
}

// line reads the block-context line starting at off and returns the offset
// of the next line.
func (s *yamlScanner) line(off int) int {
	src := s.src
	j := off
	for j < len(src) && src[j] == ' ' {
		j++
	}
	indent := j - off
	if j == len(src) || src[j] == '\n' || src[j] == '\r' || src[j] == '#' {
		return nextLine(src, j)
	}
	if s.blockAt > -2 {
		if indent > s.blockAt {
			return nextLine(src, j)
		}
		s.blockAt = -2
	}
	for len(s.indents) > 0 && s.indents[len(s.indents)-1] > indent {
		s.indents = s.indents[:len(s.indents)-1]
	}
	return s.content(j, off)
}

// content reads the nodes of a line from off (lineStart is where the line
// begins): block indicators, which may nest on one line ("- - a"), keys,
// and at last a value.
func (s *yamlScanner) content(off, lineStart int) int {
	src := s.src
	owner := -1 // the column a block scalar here must be indented past
	if n := len(s.indents); n > 0 {
		owner = s.indents[n-1]
	}
	for off < len(src) && s.hit < 0 {
		off = skipBlanks(src, off)
		if off == len(src) {
			return off
		}
		col := off - lineStart
		switch c := src[off]; {
		case c == '\n' || c == '\r' || c == '#':
			return nextLine(src, off)
		case (c == '-' || c == '?' || c == ':') && (off+1 == len(src) || isYAMLSpace(src[off+1])):
			s.roll(col, off)
			owner = col
			off++
		case c == '&' || c == '!':
			for off < len(src) && !isYAMLSpace(src[off]) {
				off++
			}
		case c == '[' || c == '{':
			return s.afterLine(s.flowCollection(off))
		case c == '|' || c == '>':
			s.blockAt = owner
			return nextLine(src, off)
		case c == '"' || c == '\'':
			end := s.quotedScalar(off)
			if k, ok := keyColon(src, end); ok {
				s.roll(col, off)
				owner, off = col, k
				continue
			}
			return s.afterLine(end)
		default:
			k, ok := plainKey(src, off)
			if !ok {
				return nextLine(src, off)
			}
			s.roll(col, off)
			owner, off = col, k
		}
	}
	return nextLine(src, off)
}

// afterLine returns the start of the line after the one holding off, or
// off itself when a multi-line scalar or collection stopped at a line
// start (a document marker).
func (s *yamlScanner) afterLine(off int) int {
	if off > 0 && off <= len(s.src) && s.src[off-1] == '\n' {
		return off
	}
	return nextLine(s.src, off)
}

// roll opens a block collection at col when it is deeper than the
// innermost one.
func (s *yamlScanner) roll(col, off int) {
	if n := len(s.indents); n == 0 || col > s.indents[n-1] {
		s.indents = append(s.indents, col)
		s.check(off)
	}
}

// flowCollection reads the flow collection opening at off (across lines)
// and returns the offset after it closes.
func (s *yamlScanner) flowCollection(off int) int {
	src := s.src
	base := s.flow
	scalarStart := true
	for i := off; i < len(src); {
		c := src[i]
		switch {
		case c == '[' || c == '{':
			s.flow++
			s.check(i)
			if s.hit >= 0 {
				return i
			}
			i, scalarStart = i+1, true
		case c == ']' || c == '}':
			s.flow--
			i++
			if s.flow == base {
				return i
			}
		case c == ',' || c == ':' || c == '?':
			i, scalarStart = i+1, true
		case c == ' ' || c == '\t' || c == '\r':
			i, scalarStart = i+1, true
		case c == '\n':
			i++
			if _, ok := docMarker(src, i); ok {
				s.flow = base
				return i
			}
			scalarStart = true
		case c == '#' && scalarStart:
			i = lineEnd(src, i)
		case (c == '"' || c == '\'') && scalarStart:
			i, scalarStart = s.quotedScalar(i), false
		default:
			i, scalarStart = i+1, false
		}
	}
	s.flow = base
	return len(src)
}

// quotedScalar returns the offset after the quoted scalar opening at off
// (or the start of a document marker line that cuts it short).
func (s *yamlScanner) quotedScalar(off int) int {
	src, q := s.src, s.src[off]
	for i := off + 1; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\' && q == '"':
			i++
		case c == q:
			if q == '\'' && i+1 < len(src) && src[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		case c == '\n':
			if _, ok := docMarker(src, i+1); ok {
				return i + 1
			}
		}
	}
	return len(src)
}

// keyColon says whether a ':' and a space follow off (after blanks): the
// scalar before it is a mapping key. k is the offset after the colon.
func keyColon(src []byte, off int) (k int, ok bool) {
	off = skipBlanks(src, off)
	if off < len(src) && src[off] == ':' && (off+1 == len(src) || isYAMLSpace(src[off+1])) {
		return off + 1, true
	}
	return 0, false
}

// plainKey says whether the plain scalar at off is a mapping key (a ": "
// before the end of the line or a comment). k is the offset after the
// colon.
func plainKey(src []byte, off int) (k int, ok bool) {
	for i := off; i < len(src); i++ {
		switch src[i] {
		case '\n', '\r':
			return 0, false
		case '#':
			if i > off && (src[i-1] == ' ' || src[i-1] == '\t') {
				return 0, false
			}
		case ':':
			if i+1 == len(src) || isYAMLSpace(src[i+1]) {
				return i + 1, true
			}
		}
	}
	return 0, false
}

func skipBlanks(src []byte, off int) int {
	for off < len(src) && (src[off] == ' ' || src[off] == '\t') {
		off++
	}
	return off
}

// nextLine returns the offset after the newline ending the line at off.
func nextLine(src []byte, off int) int {
	if k := bytes.IndexByte(src[off:], '\n'); k >= 0 {
		return off + k + 1
	}
	return len(src)
}

func isYAMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
