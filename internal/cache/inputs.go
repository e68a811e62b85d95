package cache

import (
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// Inputs records what one unit of work (a Terraform root) read through
// its own view of the tree (treefs.Tree.Observed): the files read, with
// the content they gave, the directories listed and the paths probed.
// Its result may be used again while every one of them is as recorded
// (InputRecord.Check). It is safe for concurrent use.
type Inputs struct {
	files  *Reads
	mu     sync.Mutex
	dirs   map[string]Listing
	probes map[string]Probe
}

// Listing is one directory listed: the digest of its entries' names and
// types, or of the error listing it gave.
type Listing struct {
	Dir string
	Sum [sha256.Size]byte
}

// Probe is one path stat'ed, and what it was: "file", "dir", another
// type, "missing", or the error.
type Probe struct {
	Path, Kind string
}

// InputRecord is what a stored unit rests on, sorted by path.
type InputRecord struct {
	Files  []Read
	Dirs   []Listing
	Probes []Probe
}

// NewInputs starts an empty record.
func NewInputs() *Inputs {
	return &Inputs{files: NewReads(), dirs: map[string]Listing{}, probes: map[string]Probe{}}
}

// FileRead records a file read (treefs.Observer).
func (in *Inputs) FileRead(path string, info fs.FileInfo, data []byte) {
	in.files.Add(path, info, data)
}

// DirListed records a directory listed (treefs.Observer).
func (in *Inputs) DirListed(dir string, ents []fs.DirEntry, err error) {
	l := Listing{Dir: filepath.Clean(dir), Sum: listingSum(dir, realOrMark(filepath.EvalSymlinks(dir)), ents, err)}
	in.mu.Lock()
	defer in.mu.Unlock()
	if old, seen := in.dirs[l.Dir]; seen && old.Sum != l.Sum {
		in.files.markUnstable(l.Dir + " gave two listings")
	}
	in.dirs[l.Dir] = l
}

// PathProbed records a path stat'ed (treefs.Observer).
func (in *Inputs) PathProbed(path string, info fs.FileInfo, err error) {
	p := Probe{Path: filepath.Clean(path), Kind: probeKind(info, err)}
	in.mu.Lock()
	defer in.mu.Unlock()
	if old, seen := in.probes[p.Path]; seen && old.Kind != p.Kind {
		in.files.markUnstable(p.Path + " changed kind while read")
	}
	in.probes[p.Path] = p
}

// Unstable says what made the record unfit to keep, or "".
func (in *Inputs) Unstable() string { return in.files.Unstable() }

// Record is the record so far, each file read marked racy when it
// changed too recently for its stat to be trusted.
func (in *Inputs) Record() InputRecord {
	var r InputRecord
	r.Files = in.files.List()
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, l := range in.dirs {
		r.Dirs = append(r.Dirs, l)
	}
	for _, p := range in.probes {
		r.Probes = append(r.Probes, p)
	}
	sort.Slice(r.Dirs, func(i, j int) bool { return r.Dirs[i].Dir < r.Dirs[j].Dir })
	sort.Slice(r.Probes, func(i, j int) bool { return r.Probes[i].Path < r.Probes[j].Path })
	return r
}

// Merge is the union of records: a path recorded twice with different
// results makes ok false (the unit saw two states of the tree).
func Merge(rs ...InputRecord) (out InputRecord, ok bool) {
	files := map[string]Read{}
	dirs := map[string]Listing{}
	probes := map[string]Probe{}
	ok = true
	for _, r := range rs {
		for _, f := range r.Files {
			if old, seen := files[f.Path]; seen && old.Hash != f.Hash {
				ok = false
			}
			files[f.Path] = f
		}
		for _, l := range r.Dirs {
			if old, seen := dirs[l.Dir]; seen && old.Sum != l.Sum {
				ok = false
			}
			dirs[l.Dir] = l
		}
		for _, p := range r.Probes {
			if old, seen := probes[p.Path]; seen && old.Kind != p.Kind {
				ok = false
			}
			probes[p.Path] = p
		}
	}
	for _, f := range files {
		out.Files = append(out.Files, f)
	}
	for _, l := range dirs {
		out.Dirs = append(out.Dirs, l)
	}
	for _, p := range probes {
		out.Probes = append(out.Probes, p)
	}
	sort.Slice(out.Files, func(i, j int) bool { return out.Files[i].Path < out.Files[j].Path })
	sort.Slice(out.Dirs, func(i, j int) bool { return out.Dirs[i].Dir < out.Dirs[j].Dir })
	sort.Slice(out.Probes, func(i, j int) bool { return out.Probes[i].Path < out.Probes[j].Path })
	return out, ok
}

// Check reports whether every input of r is still as recorded, listing
// and probing through tree as the unit did; refreshed is r with the file
// stats seen now when some changed while their content did not (nil when
// none did).
func (r InputRecord) Check(tree *treefs.Tree) (same bool, refreshed *InputRecord) {
	return NewChecker(tree).Check(r)
}

// Checker checks records against one tree, each directory listed and
// each path probed once however many records name it (the units of one
// run share their modules' directories). It is safe for concurrent use.
type Checker struct {
	tree   *treefs.Tree
	mu     sync.Mutex
	dirs   map[string][sha256.Size]byte
	probes map[string]string
	files  map[string]fileNow
}

// fileNow is what a Checker saw of a file: its stat (ok false when it is
// no regular file) and, once needed, the hash of its content.
type fileNow struct {
	ok     bool
	size   int64
	id     StatID
	hashed bool
	hash   [sha256.Size]byte
}

// NewChecker checks records against tree.
func NewChecker(tree *treefs.Tree) *Checker {
	return &Checker{tree: tree, dirs: map[string][sha256.Size]byte{}, probes: map[string]string{}, files: map[string]fileNow{}}
}

// listing is the digest of dir's listing now.
func (c *Checker) listing(dir string) [sha256.Size]byte {
	c.mu.Lock()
	sum, ok := c.dirs[dir]
	c.mu.Unlock()
	if ok {
		return sum
	}
	ents, err := c.tree.ReadDir(dir)
	sum = listingSum(dir, realOrMark(c.tree.EvalSymlinks(dir)), ents, err)
	c.mu.Lock()
	c.dirs[dir] = sum
	c.mu.Unlock()
	return sum
}

// probe is what path is now.
func (c *Checker) probe(path string) string {
	c.mu.Lock()
	kind, ok := c.probes[path]
	c.mu.Unlock()
	if ok {
		return kind
	}
	kind = probeKind(c.tree.Stat(path))
	c.mu.Lock()
	c.probes[path] = kind
	c.mu.Unlock()
	return kind
}

// Check is InputRecord.Check with the listings and probes seen so far.
func (c *Checker) Check(r InputRecord) (same bool, refreshed *InputRecord) {
	for _, l := range r.Dirs {
		if c.listing(l.Dir) != l.Sum {
			return false, nil
		}
	}
	for _, p := range r.Probes {
		if c.probe(p.Path) != p.Kind {
			return false, nil
		}
	}
	same, files := c.checkFiles(r.Files)
	if !same {
		return false, nil
	}
	if files != nil {
		c := r
		c.Files = files
		return true, &c
	}
	return true, nil
}

// checkFiles is Check (reads.go) with each file stat'ed, and hashed,
// once.
func (c *Checker) checkFiles(reads []Read) (same bool, refreshed []Read) {
	limit := clock().Add(-racyWindow).UnixNano()
	for i, rd := range reads {
		now := c.file(rd.Path, false)
		if !now.ok || now.size != rd.Size {
			return false, nil
		}
		if !rd.Racy && now.id == rd.Stat && now.id != (StatID{}) {
			continue
		}
		if rd.Size > HashCap || c.file(rd.Path, true).hash != rd.Hash {
			return false, nil
		}
		if refreshed == nil {
			refreshed = append([]Read(nil), reads...)
		}
		refreshed[i].Stat = now.id
		refreshed[i].Racy = now.id == (StatID{}) || now.id.MTime >= limit || now.id.CTime >= limit
	}
	return true, refreshed
}

// file is what path is now, hashed when hash is set.
func (c *Checker) file(path string, hash bool) fileNow {
	c.mu.Lock()
	now, seen := c.files[path]
	c.mu.Unlock()
	if !seen {
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			now = fileNow{ok: true, size: info.Size(), id: statID(info)}
		}
	}
	if hash && now.ok && !now.hashed {
		now.hash, now.hashed = c.hashThrough(path, now.size), true
	}
	if !seen || hash {
		c.mu.Lock()
		c.files[path] = now
		c.mu.Unlock()
	}
	return now
}

// hashThrough hashes the file path leads to: a file read through a
// symlink (a module's provider.tf linked from a shared directory) was
// recorded with the content of its target, so the link is resolved and
// the target hashed — when it is still inside the tree (the tree's reads
// never left it; a nil tree allows all but system paths). hashOf itself
// never follows a link: one swapped in between the resolving and the
// open hashes to nothing.
func (c *Checker) hashThrough(path string, size int64) [sha256.Size]byte {
	real, err := c.tree.EvalSymlinks(path)
	if err != nil || !c.tree.Contains(real) {
		return [sha256.Size]byte{}
	}
	return hashOf(real, size)
}

// listingSum digests a listing of dir: where dir leads after symlinks
// (real, realOrMark's), and each entry's name, type and, for a symlink,
// its target, in order — a directory or file reached through a symlink
// that is pointed elsewhere is another input.
func listingSum(dir, real string, ents []fs.DirEntry, err error) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(real + "\x00"))
	if err != nil {
		h.Write([]byte("error\x00" + probeKind(nil, err)))
	}
	for _, e := range ents {
		h.Write([]byte(e.Name()))
		h.Write([]byte{0, byte(e.Type() >> 24)})
		if e.Type()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(filepath.Join(dir, e.Name()))
			h.Write([]byte(target))
		}
		h.Write([]byte{'\n'})
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// realOrMark is a directory's real path as EvalSymlinks gave it, or "?"
// when it could not be resolved.
func realOrMark(real string, err error) string {
	if err != nil {
		return "?"
	}
	return real
}

// probeKind names what a stat found.
func probeKind(info fs.FileInfo, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "missing"
	case err != nil:
		return "error: " + err.Error()
	case info.Mode().IsRegular():
		return "file"
	case info.IsDir():
		return "dir"
	default:
		return info.Mode().Type().String()
	}
}
