package fixer

import (
	"bytes"
	"fmt"
	"io"

	"github.com/faultline-dev/faultline/lint"
)

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// WriteDiff prints the changes as a unified diff (`--- a/FILE`,
// `+++ b/FILE`, hunks with three lines of context). The hunks come from the
// edits themselves, so the diff shows exactly the lines they touch.
func WriteDiff(w io.Writer, changes []FileChange) error {
	for _, c := range changes {
		if _, err := fmt.Fprintf(w, "--- a/%s\n+++ b/%s\n", c.File, c.File); err != nil {
			return fmt.Errorf("write diff: %w", err)
		}
		for _, h := range hunks(c.Before, c.edits) {
			if _, err := w.Write(h); err != nil {
				return fmt.Errorf("write diff: %w", err)
			}
		}
	}
	return nil
}

// chunk is a run of whole old lines [oldLine, oldLine+len(old)) replaced
// by the lines new.
type chunk struct {
	oldLine  int
	old, new [][]byte
}

// chunks extends every edit to whole lines, merging edits whose lines
// touch, and splits each into old and new lines.
func chunks(src []byte, edits []lint.Edit) []chunk {
	var out []chunk
	for i := 0; i < len(edits); {
		start := bytes.LastIndexByte(src[:edits[i].Offset], '\n') + 1
		j, end := i, lineAligned(src, start, edits[i])
		for j+1 < len(edits) && edits[j+1].Offset < end {
			j++
			end = max(end, lineAligned(src, start, edits[j]))
		}
		group := make([]lint.Edit, 0, j-i+1)
		for _, e := range edits[i : j+1] {
			e.Offset, e.End = e.Offset-start, e.End-start
			group = append(group, e)
		}
		out = append(out, chunk{
			oldLine: bytes.Count(src[:start], []byte("\n")),
			old:     lines(src[start:end]),
			new:     lines(splice(src[start:end], group)),
		})
		i = j + 1
	}
	return out
}

// lineAligned is where the whole-line span of edit e, starting at start,
// ends: at e.End when that is a line start and the new text ends a line,
// else after the line e.End is on.
func lineAligned(src []byte, start int, e lint.Edit) int {
	atLineStart := e.End == 0 || src[e.End-1] == '\n'
	newChunk := append(append([]byte(nil), src[start:e.Offset]...), e.Text...)
	if atLineStart && (len(newChunk) == 0 || newChunk[len(newChunk)-1] == '\n') {
		return e.End
	}
	if nl := bytes.IndexByte(src[e.End:], '\n'); nl >= 0 {
		return e.End + nl + 1
	}
	return len(src)
}

// lines splits text after each newline, keeping it.
func lines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, b)
			break
		}
		out = append(out, b[:i+1])
		b = b[i+1:]
	}
	return out
}

// hunks renders the chunks of a file with context, merging chunks whose
// context would overlap.
func hunks(src []byte, edits []lint.Edit) [][]byte {
	all := lines(src)
	cs := chunks(src, edits)
	var out [][]byte
	delta := 0
	for i := 0; i < len(cs); {
		j := i
		for j+1 < len(cs) && cs[j+1].oldLine-(cs[j].oldLine+len(cs[j].old)) <= 2*diffContext {
			j++
		}
		from := max(cs[i].oldLine-diffContext, 0)
		to := min(cs[j].oldLine+len(cs[j].old)+diffContext, len(all))
		var body bytes.Buffer
		oldN, newN, at := 0, 0, from
		for _, c := range cs[i : j+1] {
			for ; at < c.oldLine; at++ {
				writeLine(&body, ' ', all[at])
				oldN, newN = oldN+1, newN+1
			}
			for _, l := range c.old {
				writeLine(&body, '-', l)
			}
			for _, l := range c.new {
				writeLine(&body, '+', l)
			}
			oldN, newN, at = oldN+len(c.old), newN+len(c.new), c.oldLine+len(c.old)
		}
		for ; at < to; at++ {
			writeLine(&body, ' ', all[at])
			oldN, newN = oldN+1, newN+1
		}
		newFrom := from + delta
		for _, c := range cs[i : j+1] {
			delta += len(c.new) - len(c.old)
		}
		out = append(out, append([]byte(fmt.Sprintf("@@ -%s +%s @@\n", hunkRange(from, oldN), hunkRange(newFrom, newN))), body.Bytes()...))
		i = j + 1
	}
	return out
}

// hunkRange is a hunk header's start,count for lines from (0-based).
func hunkRange(from, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", from)
	}
	return fmt.Sprintf("%d,%d", from+1, n)
}

// writeLine writes one diff line; a last line without a newline is marked
// as unified diffs do.
func writeLine(b *bytes.Buffer, mark byte, line []byte) {
	b.WriteByte(mark)
	b.Write(line)
	if len(line) == 0 || line[len(line)-1] != '\n' {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}
