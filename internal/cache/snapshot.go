package cache

import (
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"
)

// HashCap is the largest file whose content a snapshot hashes. A larger
// file is known by its size alone: no faultline reader takes more than
// 64 MiB of a file of the tree (the largest bound is 50 MiB), so any read
// of it fails the same way whatever it holds. Provider binaries under
// .terraform/ are never read, and never hashed.
const HashCap = 64 << 20

// racyWindow is how close to the snapshot a file's change may be for its
// stat to be trusted no more (git's "racily clean" entries): a file
// written within it could change again without its mtime moving on a
// filesystem of coarse timestamps.
const racyWindow = 2 * time.Second

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
	// Size of a file; Hash of its content (files up to HashCap).
	Size int64
	Hash [sha256.Size]byte
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
	// Stat is the file's change identity, trusted in place of its
	// content while it is unchanged, unless Racy.
	Stat StatID
	Racy bool
}

// StatID is what changes when a file is written, renamed over or
// touched: modification and change times, inode and device. Zero where
// the system does not say (then content is always hashed).
type StatID struct {
	MTime, CTime int64
	Ino, Dev     uint64
}

// Snapshot is the state of a tree: every path below its roots (a .git
// directory is listed, not entered), in order.
type Snapshot struct {
	Roots   []string
	Taken   int64
	Entries []Entry
}

// Take records the tree below roots (real, absolute paths). prev, when
// not nil, is an earlier snapshot of it: a file whose stat is what prev
// recorded, and was not racy then, keeps prev's hash without being read.
func Take(roots []string, prev *Snapshot) Snapshot {
	now := time.Now()
	snap := Snapshot{Roots: roots, Taken: now.UnixNano()}
	old := map[string]*Entry{}
	if prev != nil {
		for i := range prev.Entries {
			old[prev.Entries[i].Path] = &prev.Entries[i]
		}
	}
	for _, root := range outermost(roots) {
		snap.Entries = walk(snap.Entries, root, roots)
	}
	var todo []int
	limit := now.Add(-racyWindow).UnixNano()
	for i := range snap.Entries {
		e := &snap.Entries[i]
		if e.Kind != KindFile || e.Err != "" || e.Size > HashCap {
			continue
		}
		e.Racy = e.Stat == (StatID{}) || e.Stat.MTime >= limit || e.Stat.CTime >= limit
		if o := old[e.Path]; o != nil && !o.Racy && !e.Racy && o.Kind == KindFile && o.Err == "" && o.Size == e.Size && o.Mode == e.Mode && o.Stat == e.Stat {
			e.Hash = o.Hash
			continue
		}
		todo = append(todo, i)
	}
	hashAll(snap.Entries, todo)
	return snap
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

// walk appends the entries below root.
func walk(out []Entry, root string, roots []string) []Entry {
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out = append(out, Entry{Path: p, Kind: KindOther, Err: errText(err)})
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
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
			if p != root && d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		case info.Mode().IsRegular():
			e.Kind, e.Size, e.Stat = KindFile, info.Size(), statID(info)
		case info.Mode()&fs.ModeSymlink != 0:
			e.Kind = KindSymlink
			e.Link, _ = os.Readlink(p)
			if real, err := filepath.EvalSymlinks(p); err == nil {
				e.Real = real
				if !insideAny(roots, real) {
					if st, err := os.Stat(real); err == nil {
						e.RealMode, e.RealSize = st.Mode(), st.Size()
					}
				}
			}
		default:
			e.Kind = KindOther
		}
		out = append(out, e)
		return nil
	})
	return out
}

func insideAny(roots []string, p string) bool {
	for _, r := range roots {
		if within(r, p) {
			return true
		}
	}
	return false
}

// hashAll hashes the files at the given indexes, in parallel.
func hashAll(entries []Entry, todo []int) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(len(todo), runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				hashFile(&entries[i])
			}
		}()
	}
	for _, i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
}

// hashFile hashes a file's content; a file that cannot be read, or that
// changed size while read, records why.
func hashFile(e *Entry) {
	f, err := os.Open(e.Path)
	if err != nil {
		e.Err = errText(err)
		return
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, HashCap+1))
	switch {
	case err != nil:
		e.Err = errText(err)
	case n != e.Size:
		e.Err = "changed while read"
	default:
		h.Sum(e.Hash[:0])
	}
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
// roots and the same entries in the same order, alike in everything but
// their stat identities. An entry that could not be read makes it
// differ: nothing is reused on an error.
func (s Snapshot) Same(o Snapshot) bool {
	if len(s.Roots) != len(o.Roots) || len(s.Entries) != len(o.Entries) {
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
	return e.Path == o.Path && e.Kind == o.Kind && e.Mode == o.Mode && e.Size == o.Size && e.Hash == o.Hash &&
		e.Link == o.Link && e.Real == o.Real && e.RealMode == o.RealMode && e.RealSize == o.RealSize
}

// Fresh reports whether s records the same stat identities as o (after
// Same): when not, storing s again lets the next run trust the stats.
func (s Snapshot) Fresh(o Snapshot) bool {
	for i := range s.Entries {
		if s.Entries[i].Stat != o.Entries[i].Stat || s.Entries[i].Racy != o.Entries[i].Racy {
			return false
		}
	}
	return true
}
