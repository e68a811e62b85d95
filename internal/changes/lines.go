package changes

import (
	"sort"
)

// LineRange is a span of 1-based lines, Start to End inclusive.
type LineRange struct {
	Start, End int
}

// Lines are the lines of one file of the work tree that the change
// touches, numbered as the file is now (the new side of the diff).
type Lines struct {
	// Whole is set when every line counts as touched: a file that is new
	// since the base (added, or untracked), or one git diffs as binary
	// (there are no line hunks to tell).
	Whole bool
	// Ranges are the touched lines, sorted, disjoint and not adjacent.
	Ranges []LineRange
}

// Contains reports whether line is one the change touches.
func (l Lines) Contains(line int) bool {
	if l.Whole {
		return line >= 1
	}
	i := sort.Search(len(l.Ranges), func(i int) bool { return l.Ranges[i].End >= line })
	return i < len(l.Ranges) && l.Ranges[i].Start <= line
}

// mergeRanges sorts rs and joins the ranges that overlap or touch.
func mergeRanges(rs []LineRange) []LineRange {
	if len(rs) < 2 {
		return rs
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Start < rs[j].Start })
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r.Start <= last.End+1 {
			last.End = max(last.End, r.End)
			continue
		}
		out = append(out, r)
	}
	return out
}
