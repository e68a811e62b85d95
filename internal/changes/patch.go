package changes

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// fileDiff is one file's section of a patch (`git diff-index -p`).
type fileDiff struct {
	// Old and New are the paths before and after, relative to the
	// repository root; "" for the missing side of an added or deleted file.
	Old, New string
	// Whole: the new side is new (an added file) or binary.
	Whole bool
	// Ranges are the new side's touched lines, in hunk order.
	Ranges []LineRange
}

// patchSection collects one section's headers while it is read.
type patchSection struct {
	header             string // after "diff --git "
	renameFrom         string
	renameTo           string
	minus, plus        string // the ---/+++ labels, still quoted and prefixed
	added, deleted     bool
	binary, hasRenames bool
	ranges             []LineRange
}

// parsePatch reads `git diff-index -p --unified=0 --src-prefix=a/
// --dst-prefix=b/` output: a "diff --git" line per file, extended header
// lines (modes, renames, index, binary), the ---/+++ labels and the hunks.
// Hunk content is skipped by the counts of its "@@" line, so no content
// line is ever read as a header. Header lines it does not know are
// skipped; after a hunk, only another hunk or "\ No newline at end of
// file" may follow.
func parsePatch(r io.Reader) ([]fileDiff, error) {
	lr := lineReader{r: bufio.NewReaderSize(r, 64<<10)}
	var out []fileDiff
	var cur *patchSection
	finish := func() error {
		if cur == nil {
			return nil
		}
		fd, err := cur.result()
		if err != nil {
			return err
		}
		out = append(out, fd)
		return nil
	}
	oldLeft, newLeft := 0, 0
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if oldLeft > 0 || newLeft > 0 {
			if oldLeft, newLeft, err = hunkLine(line, oldLeft, newLeft); err != nil {
				return nil, err
			}
			continue
		}
		s := string(line)
		if rest, ok := strings.CutPrefix(s, "diff --git "); ok {
			if err := finish(); err != nil {
				return nil, err
			}
			cur = &patchSection{header: rest}
			continue
		}
		if cur == nil {
			continue // nothing before the first section counts ("* Unmerged path")
		}
		if strings.HasPrefix(s, "@@ ") {
			r, o, n, err := parseHunkHeader(s)
			if err != nil {
				return nil, err
			}
			cur.ranges = append(cur.ranges, r)
			oldLeft, newLeft = o, n
			continue
		}
		switch {
		case len(cur.ranges) == 0:
			cur.headerLine(s)
		case !strings.HasPrefix(s, `\`): // only "\ No newline at end of file" follows a hunk
			return nil, fmt.Errorf("git diff: unexpected line after a hunk: %.40q", s)
		}
	}
	if oldLeft > 0 || newLeft > 0 {
		return nil, errors.New("git diff: the patch ends inside a hunk")
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// hunkLine counts one line of hunk content against the lines the hunk
// header announced. "\ No newline at end of file" follows a line without
// counting.
func hunkLine(line []byte, oldLeft, newLeft int) (int, int, error) {
	if len(line) == 0 {
		return 0, 0, errors.New("git diff: an empty line inside a hunk")
	}
	switch line[0] {
	case '-':
		oldLeft--
	case '+':
		newLeft--
	case ' ':
		oldLeft--
		newLeft--
	case '\\':
	default:
		return 0, 0, fmt.Errorf("git diff: unexpected line inside a hunk: %.40q", line)
	}
	if oldLeft < 0 || newLeft < 0 {
		return 0, 0, errors.New("git diff: a hunk longer than its header says")
	}
	return oldLeft, newLeft, nil
}

// headerLine records one extended header line of the current section.
func (p *patchSection) headerLine(s string) {
	switch {
	case strings.HasPrefix(s, "new file mode "):
		p.added = true
	case strings.HasPrefix(s, "deleted file mode "):
		p.deleted = true
	case strings.HasPrefix(s, "rename from "):
		p.renameFrom, p.hasRenames = s[len("rename from "):], true
	case strings.HasPrefix(s, "rename to "):
		p.renameTo, p.hasRenames = s[len("rename to "):], true
	case strings.HasPrefix(s, "Binary files "), s == "GIT binary patch":
		p.binary = true
	case strings.HasPrefix(s, "--- "):
		p.minus = s[len("--- "):]
	case strings.HasPrefix(s, "+++ "):
		p.plus = s[len("+++ "):]
	}
}

// result resolves the section's paths. The new path comes from "rename
// to", else the +++ label, else the "diff --git" line (old and new are the
// same there: no rename).
func (p *patchSection) result() (fileDiff, error) {
	fd := fileDiff{Ranges: mergeRanges(p.ranges)}
	var err error
	switch {
	case p.hasRenames:
		if fd.Old, err = unquotePath(p.renameFrom, ""); err == nil {
			fd.New, err = unquotePath(p.renameTo, "")
		}
	case p.minus != "" || p.plus != "":
		fd.Old, err = labelPath(p.minus, "a/")
		if err == nil {
			fd.New, err = labelPath(p.plus, "b/")
		}
	default:
		var path string
		path, err = headerPath(p.header)
		fd.Old, fd.New = path, path
	}
	if err != nil {
		return fd, fmt.Errorf("git diff: reading the file names of %q: %w", "diff --git "+p.header, err)
	}
	if p.added {
		fd.Old = ""
	}
	if p.deleted {
		fd.New, fd.Ranges = "", nil
	}
	if fd.Old == "" && fd.New == "" {
		return fd, fmt.Errorf("git diff: no file name in %q", "diff --git "+p.header)
	}
	if fd.New != "" && (p.added || p.binary) {
		fd.Whole, fd.Ranges = true, nil
	}
	return fd, nil
}

// labelPath reads a ---/+++ label: /dev/null, or the prefix and the path,
// C-quoted when it has control characters, quotes or backslashes, and
// followed by a tab when it has a space (git does that for patch(1)).
func labelPath(label, prefix string) (string, error) {
	if label == "" || label == "/dev/null" {
		return "", nil
	}
	return unquotePath(strings.TrimSuffix(label, "\t"), prefix)
}

// unquotePath undoes git's quoting of a name (only when it starts with a
// double quote) and removes prefix.
func unquotePath(s, prefix string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		v, rest, err := unquoteC(s)
		if err != nil {
			return "", err
		}
		if rest != "" {
			return "", fmt.Errorf("text after the quoted name %q", s)
		}
		s = v
	}
	p, ok := strings.CutPrefix(s, prefix)
	if !ok || p == "" {
		return "", fmt.Errorf("%q does not start with %q", s, prefix)
	}
	return p, nil
}

// headerPath reads the path of a "diff --git a/P b/P" line whose two
// names are the same (a section without rename lines): two quoted names,
// or unquoted ones, which may hold spaces, split in the middle.
func headerPath(rest string) (string, error) {
	if strings.HasPrefix(rest, `"`) {
		a, tail, err := unquoteC(rest)
		if err != nil {
			return "", err
		}
		b, err := unquotePath(strings.TrimPrefix(tail, " "), "b/")
		if err != nil || !strings.HasPrefix(tail, " ") || a != "a/"+b {
			return "", fmt.Errorf("not two quoted names of one file: %q", rest)
		}
		return b, nil
	}
	n := (len(rest) - len("a/ b/")) / 2
	if n <= 0 || len(rest) != 2*n+len("a/ b/") || rest[:2] != "a/" || rest[2+n:2+n+3] != " b/" || rest[2:2+n] != rest[5+n:] {
		return "", fmt.Errorf("not two names of one file: %q", rest)
	}
	return rest[2 : 2+n], nil
}

// unquoteC reads a C-quoted string as git writes it (quote_c_style):
// backslash escapes \a \b \t \n \v \f \r \" \\ and three octal digits for
// any other byte. Bytes are kept as they are (names need not be UTF-8).
// It returns the value and the text after the closing quote.
func unquoteC(s string) (string, string, error) {
	if !strings.HasPrefix(s, `"`) {
		return "", s, errors.New("not quoted")
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			return b.String(), s[i+1:], nil
		case '\\':
			if i+1 >= len(s) {
				return "", "", fmt.Errorf("unterminated escape in %q", s)
			}
			i++
			if e := strings.IndexByte(`abtnvfr"\`, s[i]); e >= 0 {
				b.WriteByte("\a\b\t\n\v\f\r\"\\"[e])
				continue
			}
			if i+3 > len(s) {
				return "", "", fmt.Errorf("bad escape in %q", s)
			}
			v, err := strconv.ParseUint(s[i:i+3], 8, 8)
			if err != nil {
				return "", "", fmt.Errorf("bad escape in %q", s)
			}
			b.WriteByte(byte(v))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("unterminated quote in %q", s)
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@[ context]" and returns the
// new side's touched lines and the counts of old and new lines that
// follow. A count left out is 1. A pure deletion (d = 0) touches no new
// line; it sits between lines c and c+1 of the new side, and both count as
// touched: GitHub's pull request diff shows them as the context around the
// deleted lines, so an annotation there is on the diff.
func parseHunkHeader(s string) (LineRange, int, int, error) {
	bad := func() (LineRange, int, int, error) {
		return LineRange{}, 0, 0, fmt.Errorf("git diff: bad hunk header %q", s)
	}
	ranges, ok := strings.CutPrefix(s, "@@ -")
	if !ok {
		return bad()
	}
	ranges, _, ok = strings.Cut(ranges, " @@")
	if !ok {
		return bad()
	}
	oldSide, newSide, ok := strings.Cut(ranges, " +")
	if !ok {
		return bad()
	}
	_, oldCount, err1 := hunkSide(oldSide)
	start, newCount, err2 := hunkSide(newSide)
	if err1 != nil || err2 != nil {
		return bad()
	}
	if newCount == 0 {
		return LineRange{Start: max(start, 1), End: start + 1}, oldCount, 0, nil
	}
	if start < 1 {
		return bad()
	}
	return LineRange{Start: start, End: start + newCount - 1}, oldCount, newCount, nil
}

// hunkSide reads "start[,count]".
func hunkSide(s string) (int, int, error) {
	a, b, hasCount := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %q", a)
	}
	if !hasCount {
		return start, 1, nil
	}
	n, err := strconv.Atoi(b)
	if err != nil || n < 0 {
		return 0, 0, fmt.Errorf("bad line count %q", b)
	}
	return start, n, nil
}

// lineReader reads lines of any length without their "\n".
type lineReader struct {
	r    *bufio.Reader
	long []byte
}

// next returns the next line, valid until the following call; io.EOF
// after the last one.
func (lr *lineReader) next() ([]byte, error) {
	line, err := lr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		lr.long = append(lr.long[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = lr.r.ReadSlice('\n')
			lr.long = append(lr.long, line...)
		}
		line = lr.long
	}
	if err == io.EOF && len(line) > 0 {
		err = nil // a last line without "\n"
	}
	if err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(line, []byte{'\n'}), nil
}
