package lint

import (
	"slices"
	"sort"
	"strings"
)

// ValueRead is one values key a chart's templates read. Path segments are
// keys; "*" stands for any one key or list index. Whole: every key under
// the path may be read too (toYaml, range, a value passed to a function
// that walks it); otherwise only the value at the path itself is read (a
// test, a scalar), not what a user nests beneath it. An empty Path with
// Whole means every key may be read.
type ValueRead struct {
	Path  []string
	Whole bool
}

// ChartReads is what the chart a release installs reads of its values,
// as the Helm parser found it: from the chart's templates (a chart in the
// tree) or from faultline's table of a known remote chart at its version.
// A release whose chart's reads are unknown carries none.
type ChartReads struct {
	// Chart names the chart and version in messages ("karpenter 0.37.0").
	Chart string
	// Source says where the reads come from (the table and the chart tags
	// it was generated from, or the chart's templates in the tree).
	Source string
	// Reads are the keys the templates read.
	Reads []ValueRead
	// Passed are first-level keys handed to others: subchart names and
	// aliases, and "global". Keys under them are not the chart's to judge.
	Passed []string
	// Tpl are values paths whose text the chart renders as a template
	// (tpl): template text there may read any key. The Helm parser drops
	// the reads of a release whose values hold template text there.
	Tpl [][]string
	// Untemplated, when set, is a file at the chart's root that reads
	// .Values while the chart has no templates/ directory: Helm renders
	// only what templates/ holds, so the chart renders nothing and reads
	// no value (the files were meant to be its templates).
	Untemplated string
}

// ReadsKey reports whether a values key path may be read: a Whole read
// covers the path, a read lies at or below it (a map or list the user
// sets whose parts the chart reads), or a test reads a map holding it
// (`if .Values.extraSecret` with nothing under extraSecret read: the keys
// set there are what makes the map non-empty, the test true). Keys under
// Passed, and unknown ChartReads (nil), count as read.
func (c *ChartReads) ReadsKey(path []string) bool {
	if c == nil || len(path) == 0 {
		return true
	}
	for _, p := range c.Passed {
		if path[0] == p {
			return true
		}
	}
	for _, r := range c.Reads {
		if r.Whole && len(r.Path) <= len(path) && segmentsMatch(r.Path, path[:len(r.Path)]) {
			return true
		}
		if !r.Whole && len(r.Path) < len(path) && segmentsMatch(r.Path, path[:len(r.Path)]) {
			// A test of a map (reads compacted: no read below it).
			return true
		}
		if len(path) <= len(r.Path) && segmentsMatch(r.Path[:len(path)], path) {
			return true
		}
	}
	return false
}

// segmentsMatch compares two equally long key paths; "*" matches any
// segment.
func segmentsMatch(pattern, path []string) bool {
	for i := range pattern {
		if pattern[i] != "*" && path[i] != "*" && pattern[i] != path[i] {
			return false
		}
	}
	return true
}

// ValueKey is one key a values tree sets: Key as Release.ValueRanges
// spells it (segments joined by "."), Path its segments for ReadsKey.
type ValueKey struct {
	Key  string
	Path []string
	// Segments are the keys Key joins, as written ("tolerations[0]" one
	// segment).
	Segments []string
	// Unnamed is set when the tree sets a key of this map whose name is
	// not known before apply ("team/${var.name}"): Key is the map's.
	Unnamed bool
}

// ValueKeys lists the keys a values tree sets, sorted: every scalar, list
// and empty map (a list is one key; a "--set" name's "name[0]" segment
// stands for any index of list "name"). A key holding a sentinel (unknown
// before apply) is listed as the map holding it, Unnamed (once per map;
// not at all at the top).
func ValueKeys(values map[string]any) []ValueKey {
	var out []ValueKey
	var walk func(m map[string]any, keys, path []string)
	walk = func(m map[string]any, keys, path []string) {
		unnamed := false
		for k, v := range m {
			if HasSentinel(k) {
				if !unnamed && len(keys) > 0 {
					unnamed = true
					out = append(out, ValueKey{Key: strings.Join(keys, "."), Path: slices.Clone(path), Segments: slices.Clone(keys), Unnamed: true})
				}
				continue
			}
			ks := append(append([]string(nil), keys...), k)
			p := append(append([]string(nil), path...), indexSegments(k)...)
			if sub, ok := v.(map[string]any); ok && len(sub) > 0 {
				walk(sub, ks, p)
				continue
			}
			out = append(out, ValueKey{Key: strings.Join(ks, "."), Path: p, Segments: ks})
		}
	}
	walk(values, nil, nil)
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// PrefixPath is the key path (as ReadsKey takes it) of the first n
// segments of the key.
func (k ValueKey) PrefixPath(n int) []string {
	var out []string
	for _, seg := range k.Segments[:n] {
		out = append(out, indexSegments(seg)...)
	}
	return out
}

// indexSegments splits a key written with list indexes ("tolerations[0]")
// into the list's key and "*" per index.
func indexSegments(k string) []string {
	i := strings.IndexByte(k, '[')
	if i <= 0 || !strings.HasSuffix(k, "]") {
		return []string{k}
	}
	out := []string{k[:i]}
	for _, idx := range strings.Split(k[i+1:len(k)-1], "][") {
		if idx == "" || strings.Trim(idx, "0123456789") != "" {
			return []string{k}
		}
		out = append(out, "*")
	}
	return out
}
