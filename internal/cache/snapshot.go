package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/faultline-dev/faultline/internal/procs"
)

// HashCap is the largest file whose content a run's reads are checked
// by: a larger file read whole makes the run's result unfit to store (no
// faultline reader takes more than 64 MiB of one file; the largest bound
// is 50 MiB).
const HashCap = 64 << 20

// racyWindow is how close to the recording a file's change may be for its
// stat to be trusted no more (git's "racily clean" entries): a file
// written within it could change again without its mtime moving on a
// filesystem of coarse timestamps.
const racyWindow = 2 * time.Second

// clock is the time racy entries are judged against (tests move it).
var clock = time.Now

// Entry kinds.
const (
	KindDir     = "dir"
	KindFile    = "file"
	KindSymlink = "symlink"
	KindOther   = "other"
)

// Entry is what a snapshot knows of one path of the tree.
type Entry struct {
	Path string
	Kind string
	// Mode is the entry's mode (type and permission bits).
	Mode fs.FileMode
	// Size of a file.
	Size int64
	// Err says why a file or directory could not be read ("" when it
	// could): a read the run makes fails the same way.
	Err string
	// Link is a symlink's target as written; Real where it leads (""
	// when broken or looping); RealMode and RealSize describe the
	// target when it lies outside the tree, where the tree does not
	// record it.
	Link     string
	Real     string
	RealMode fs.FileMode
	RealSize int64
}

// Snapshot is the shape of a tree: every path below its roots (a .git
// directory is listed, not entered, and so are the directories Take skips
// unless the run read a file inside), in order, with its type, mode, size
// and where a symlink leads, but not what files hold: the contents that
// matter are those a run read (Reads).
type Snapshot struct {
	Roots   []string
	Entries []Entry
	// Keep are the directories of files the run read inside directories
	// the snapshot otherwise lists without entering (Take's skip).
	Keep []string

	// entered are the directories Take entered with their modification
	// times, and taken when (clock, in nanoseconds): what
	// Outline.Unchanged checks. Neither is stored with a run.
	entered []dirTime
	taken   int64
}

// dirTime is a directory and its modification time (nanoseconds).
type dirTime struct {
	path  string
	mtime int64
}

// Take records the tree below roots (real, absolute paths). A directory
// whose name skip accepts (those discovery never enters: node_modules,
// vendor, .terraform, …) is listed but not entered, unless a directory of
// keep lies at or below it: then the run read a file there (a module in
// .terraform/modules), and its whole subtree is recorded. A nil skip
// enters every directory.
func Take(roots []string, skip func(name string) bool, keep []string) Snapshot {
	snap := Snapshot{Roots: roots, Keep: keep, taken: clock().UnixNano()}
	for _, root := range outermost(roots) {
		snap.walk(root, skip)
	}
	return snap
}

// KeepDirs are the directories of the paths read, sorted and unique, for
// Take's keep.
func KeepDirs(reads []Read) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range reads {
		d := filepath.Dir(r.Path)
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}

// holdsAny reports whether one of dirs is dir or lies below it.
func holdsAny(dir string, dirs []string) bool {
	for _, d := range dirs {
		if within(dir, d) {
			return true
		}
	}
	return false
}

// outermost drops roots that lie inside another root.
func outermost(roots []string) []string {
	sorted := append([]string(nil), roots...)
	sort.Strings(sorted)
	var out []string
	for _, r := range sorted {
		if len(out) > 0 && within(out[len(out)-1], r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// within reports whether p is anc or lies below it.
func within(anc, p string) bool {
	r, err := filepath.Rel(anc, p)
	return err == nil && r != ".." && (len(r) < 3 || r[:3] != ".."+string(filepath.Separator))
}

// walk appends the entries below root, and the directories it enters,
// in filepath.WalkDir's order. The directories it enters splitDepth
// below root are walked each on its own (procs.Parallel: the walk is an
// lstat per entry, and a warm run is mostly this walk) and their entries
// spliced in at their place, so the order is that of one walk.
func (s *Snapshot) walk(root string, skip func(string) bool) {
	var parts []walkPart
	cur := &Snapshot{Roots: s.Roots, Keep: s.Keep}
	cur.walkDir(root, root, skip, func(p string) {
		parts = append(parts, walkPart{entries: cur.Entries, entered: cur.entered}, walkPart{sub: p})
		cur.Entries, cur.entered = nil, nil
	})
	parts = append(parts, walkPart{entries: cur.Entries, entered: cur.entered})
	procs.Parallel(len(parts), func(i int) {
		if p := &parts[i]; p.sub != "" {
			sub := &Snapshot{Roots: s.Roots, Keep: s.Keep}
			sub.walkDir(p.sub, p.sub, skip, nil)
			p.entries, p.entered = sub.Entries, sub.entered
		}
	})
	n, m := len(s.Entries), len(s.entered)
	for _, p := range parts {
		n, m = n+len(p.entries), m+len(p.entered)
	}
	s.Entries, s.entered = slices.Grow(s.Entries, n-len(s.Entries)), slices.Grow(s.entered, m-len(s.entered))
	for _, p := range parts {
		s.Entries = append(s.Entries, p.entries...)
		s.entered = append(s.entered, p.entered...)
	}
}

// splitDepth is how far below a root walk hands directories to walks of
// their own: a repository's first two levels (infrastructure/live,
// k8s/overlays) split it into parts of some size.
const splitDepth = 2

// walkPart is a run of a walk's entries, or a directory walked on its own
// (sub) whose entries go there.
type walkPart struct {
	entries []Entry
	entered []dirTime
	sub     string
}

// walkDir appends the entries below dir (which lies at or below root),
// and the directories it enters. With split, a directory it would enter
// splitDepth below root is not: split is called with it, in order.
func (s *Snapshot) walkDir(root, dir string, skip func(string) bool, split func(string)) {
	out, roots, keep := s.Entries, s.Roots, s.Keep
	defer func() { s.Entries = out }()
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, Entry{Path: p, Kind: KindOther, Err: errText(err)})
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if split != nil && d.IsDir() && p != dir && depthBelow(root, p) == splitDepth &&
			d.Name() != ".git" && (skip == nil || !skip(d.Name()) || holdsAny(p, keep)) {
			s.Entries = out
			split(p)
			out = s.Entries
			return filepath.SkipDir
		}
		info, err := d.Info()
		if err != nil {
			out = append(out, Entry{Path: p, Kind: KindOther, Err: errText(err)})
			return nil
		}
		e := Entry{Path: p, Mode: info.Mode()}
		switch {
		case d.IsDir():
			e.Kind = KindDir
			out = append(out, e)
			if p != dir && d.Name() == ".git" {
				return filepath.SkipDir
			}
			if p != dir && skip != nil && skip(d.Name()) && !holdsAny(p, keep) {
				return filepath.SkipDir
			}
			s.entered = append(s.entered, dirTime{p, info.ModTime().UnixNano()})
			return nil
		case info.Mode().IsRegular():
			e.Kind, e.Size = KindFile, info.Size()
		case info.Mode()&fs.ModeSymlink != 0:
			e = symlinkEntry(p, info, roots)
		default:
			e.Kind = KindOther
		}
		out = append(out, e)
		return nil
	})
}

// depthBelow is how many directories below root p lies (root's entries:
// 1).
func depthBelow(root, p string) int {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." {
		return 0
	}
	return strings.Count(rel, string(filepath.Separator)) + 1
}

// symlinkEntry is what a snapshot records of the symlink p: its target as
// written, where it leads, and that target's mode and size when it lies
// outside roots.
func symlinkEntry(p string, info fs.FileInfo, roots []string) Entry {
	e := Entry{Path: p, Mode: info.Mode(), Kind: KindSymlink}
	e.Link, _ = os.Readlink(p)
	if real, err := filepath.EvalSymlinks(p); err == nil {
		e.Real = real
		if !insideAny(roots, real) {
			if st, err := os.Stat(real); err == nil {
				e.RealMode, e.RealSize = st.Mode(), st.Size()
			}
		}
	}
	return e
}

func insideAny(roots []string, p string) bool {
	for _, r := range roots {
		if within(r, p) {
			return true
		}
	}
	return false
}

// errText is an error without the path it names.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Same reports whether two snapshots describe the same tree: the same
// roots and the same entries in the same order. An entry that could not be read makes it
// differ: nothing is reused on an error.
func (s Snapshot) Same(o Snapshot) bool {
	if len(s.Roots) != len(o.Roots) || len(s.Entries) != len(o.Entries) || !slices.Equal(s.Keep, o.Keep) {
		return false
	}
	for i := range s.Roots {
		if s.Roots[i] != o.Roots[i] {
			return false
		}
	}
	for i := range s.Entries {
		a, b := &s.Entries[i], &o.Entries[i]
		if a.Err != "" || b.Err != "" || !a.sameContent(b) {
			return false
		}
	}
	return true
}

func (e *Entry) sameContent(o *Entry) bool {
	return e.Path == o.Path && e.Kind == o.Kind && e.Mode == o.Mode && e.Size == o.Size &&
		e.Link == o.Link && e.Real == o.Real && e.RealMode == o.RealMode && e.RealSize == o.RealSize
}

// Outline is a snapshot without its entries: its roots, its kept
// directories and a digest of what Same compares of its entries. A run
// that missed the cache holds the outline of the snapshot it started
// with, not the snapshot (50 copies of the benchmark repositories:
// 70,000 entries, 8 MB), and a stored run keeps the outline alone: the
// next run's snapshot is compared by its digest (Matches).
type Outline struct {
	Roots []string
	Keep  []string
	// Entries digests the entries (their count, then each one's path,
	// kind, mode, size and link); Readable says none had an error.
	Entries  [sha256.Size]byte
	Readable bool

	// entered and taken are the snapshot's, links its symlinks
	// (Unchanged); none is stored.
	entered []dirTime
	taken   int64
	links   []Entry
}

// Outline is s without its entries.
func (s Snapshot) Outline() Outline {
	o := Outline{Roots: s.Roots, Keep: s.Keep, Entries: s.digest(), Readable: s.readable(), entered: s.entered, taken: s.taken}
	for _, e := range s.Entries {
		if e.Kind == KindSymlink {
			o.links = append(o.links, e)
		}
	}
	return o
}

// Unchanged reports whether the tree still provably has the shape of the
// snapshot o outlines, without listing it again: no directory Take
// entered was modified since (adding, removing or renaming an entry
// moves its directory's time) and every symlink leads where it led. A
// file written in place moves no directory's time, but its size is no
// part of what a run's result rests on: a file the run read is checked by
// its content (Reads), and one it did not read does not matter. False
// when it cannot tell — a directory modified within racyWindow before
// the snapshot was taken (a filesystem of coarse timestamps could hide a
// change in the same tick), an entry the snapshot could not read, an
// outline not made from Take's snapshot in this process — and then a new
// Take tells (Matches).
func (o Outline) Unchanged() bool {
	if o.taken == 0 || !o.Readable {
		return false
	}
	limit := o.taken - racyWindow.Nanoseconds()
	for _, d := range o.entered {
		if d.mtime >= limit {
			return false
		}
		info, err := os.Lstat(d.path)
		if err != nil || !info.IsDir() || info.ModTime().UnixNano() != d.mtime {
			return false
		}
	}
	for i := range o.links {
		e := &o.links[i]
		info, err := os.Lstat(e.Path)
		if err != nil {
			return false
		}
		if now := symlinkEntry(e.Path, info, o.Roots); !now.sameContent(e) {
			return false
		}
	}
	return true
}

// Matches reports whether s is Same as the snapshot o outlines: the same
// roots, kept directories and entries, none unreadable.
func (s Snapshot) Matches(o Outline) bool {
	return o.Readable && s.readable() && slices.Equal(s.Roots, o.Roots) && slices.Equal(s.Keep, o.Keep) && s.digest() == o.Entries
}

// readable reports whether every entry could be read.
func (s Snapshot) readable() bool {
	for i := range s.Entries {
		if s.Entries[i].Err != "" {
			return false
		}
	}
	return true
}

// digest hashes the entries' count, then what sameContent compares of
// each, every string length-prefixed.
func (s Snapshot) digest() [sha256.Size]byte {
	h := sha256.New()
	var b []byte
	b = binary.BigEndian.AppendUint64(b, uint64(len(s.Entries)))
	for i := range s.Entries {
		e := &s.Entries[i]
		for _, str := range []string{e.Path, e.Kind, e.Link, e.Real} {
			b = binary.BigEndian.AppendUint64(b, uint64(len(str)))
			b = append(b, str...)
		}
		b = binary.BigEndian.AppendUint32(b, uint32(e.Mode))
		b = binary.BigEndian.AppendUint64(b, uint64(e.Size))
		b = binary.BigEndian.AppendUint32(b, uint32(e.RealMode))
		b = binary.BigEndian.AppendUint64(b, uint64(e.RealSize))
		if len(b) >= 32<<10 {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(b)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}
