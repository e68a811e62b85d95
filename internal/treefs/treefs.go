// Package treefs is the one way faultline opens input files. A Tree is the
// set of directories the scanned tree may read, fixed when it is made (the
// repository's top level, or outside git the root the caller chose) and
// never widened by anything the tree says: a module source or kustomize
// base naming a directory above it stays out. Every open under the tree
// goes through an os.Root, so a symlink or a ".." cannot leave it however
// the path is built or raced; on top of that a read refuses anything but a
// regular file before reading from it (FIFOs, devices and sockets would
// block or never end), refuses kernel pseudo-files (a size of 0 that yields
// bytes, and anything under /proc, /sys, /dev or /run), and stops at a byte
// cap counted while reading, not taken from Stat.
package treefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Errors a read can end with; they never carry the file's content.
var (
	// ErrSymlinked: a directory outside the tree reached through a symlink.
	ErrSymlinked = fmt.Errorf("it is reached through a symlink, so it stays %w", ErrOutside)
	// ErrAboveRepo: a directory above the repository's top level.
	ErrAboveRepo = fmt.Errorf("it lies above the repository's top level, so it stays %w", ErrOutside)
	// ErrAboveRoot: outside git, a directory above the tree's root (the
	// directory of .faultline.hcl, --root, or the scan root).
	ErrAboveRoot = fmt.Errorf("it lies above the tree's root (give --root DIR, a directory holding both, to read it), so it stays %w", ErrOutside)
	// ErrSystem: a path under /proc, /sys, /dev or /run, which are never
	// read as part of a tree.
	ErrSystem = fmt.Errorf("it lies in a system directory (/proc, /sys, /dev, /run), so it stays %w", ErrOutside)
	// ErrOutside: the path (after symlinks) lies outside the tree.
	ErrOutside = errors.New("outside the scanned tree")
	// ErrNotRegular: a FIFO, device, socket or directory where a file was expected.
	ErrNotRegular = errors.New("not a regular file")
	// ErrPseudo: a file whose size the kernel reports as 0 but which
	// yields bytes (a /proc file bind-mounted or copied by reference).
	ErrPseudo = errors.New("a kernel pseudo-file (its size is 0 but it yields bytes)")
	// ErrIsDir: a directory where a file was expected.
	ErrIsDir = errors.New("is a directory")
	// ErrTooLarge: more bytes than the read's limit.
	ErrTooLarge = errors.New("larger than the limit")
)

// RootHint is what a coverage note about a file outside the tree says to
// do about it.
const RootHint = "--root DIR, a directory holding it, reads it"

// systemDirs are never read as part of a tree, whatever its root.
var systemDirs = []string{"/proc", "/sys", "/dev", "/run"}

// Tree is the set of directories faultline may read below, fixed at New.
// Its methods are safe for concurrent use. A nil *Tree confines nothing
// but still refuses non-regular files and pseudo-files and caps every read
// (for parser unit tests).
type Tree struct {
	// repo is the real repository top level, "" outside git.
	repo string
	// roots are the directories whose subtrees may be read, each opened
	// once as an os.Root.
	roots []root
	// obs are told of this view's reads (Observed).
	obs []Observer
	// reals memoises the real paths of the directories resolve met as
	// ancestors (string → string), shared by the tree's views: a tree is
	// read as one state, and a run whose tree changed while it was read
	// is not kept (its snapshot says so).
	reals *sync.Map
	// dirs memoises EvalSymlinks of the directories it met (string →
	// string): only directories that exist, so a memoised path is always
	// what filepath.EvalSymlinks returned. Shared like reals.
	dirs *sync.Map
	// listing, when set (UseListing), answers Stat and ReadDir below the
	// directories a walk of the tree entered; shared by the tree's views.
	listing *atomic.Pointer[listingRef]
}

// Listing is what a walk of the tree listed of each directory it entered
// (the cache's snapshot of the tree, cache.DirIndex).
type Listing interface {
	// Entries are dir's entries, sorted by name, and whether the walk
	// entered dir: a directory it reached from a root through
	// directories alone, never through a symlink. An entry that
	// implements ListedInfo knows its file information without a stat.
	Entries(dir string) ([]fs.DirEntry, bool)
}

// ListedInfo is a listed entry that knows its own file information, as
// the walk stat'ed it (its modification time is not kept: zero).
type ListedInfo interface {
	ListedInfo() fs.FileInfo
}

type listingRef struct{ l Listing }

// root is one directory of the tree: its real path and its os.Root (nil
// when it could not be opened: nothing below it is read).
type root struct {
	path string
	fs   *os.Root
}

// New makes the tree for scan roots: the repository top level when repo is
// not empty (the scan roots lie inside it), else the scan roots themselves.
// Paths are resolved through symlinks once, here, and each directory is
// opened as an os.Root; nothing widens the tree afterwards.
func New(roots []string, repo string) *Tree {
	t := &Tree{reals: &sync.Map{}, dirs: &sync.Map{}, listing: &atomic.Pointer[listingRef]{}}
	if repo != "" {
		t.repo = realOr(repo)
		t.roots = []root{openRoot(t.repo)}
		return t
	}
	for _, r := range roots {
		t.roots = append(t.roots, openRoot(realOr(r)))
	}
	return t
}

func openRoot(path string) root {
	if systemPath(path) {
		return root{path: path}
	}
	r, err := os.OpenRoot(path)
	if err != nil {
		return root{path: path}
	}
	return root{path: path, fs: r}
}

// Roots are the real directories the tree may read below.
func (t *Tree) Roots() []string {
	if t == nil {
		return nil
	}
	out := make([]string, len(t.roots))
	for i, r := range t.roots {
		out[i] = r.path
	}
	return out
}

// Repo is the real repository top level, or "" outside git.
func (t *Tree) Repo() string {
	if t == nil {
		return ""
	}
	return t.repo
}

// Contains reports whether path, after symlinks, lies inside the tree. A
// path that does not exist is judged by its nearest existing ancestor.
func (t *Tree) Contains(path string) bool {
	if t == nil {
		return !systemPath(t.resolve(path))
	}
	return t.containsReal(t.resolve(path))
}

func (t *Tree) containsReal(real string) bool {
	if systemPath(real) {
		return false
	}
	for _, r := range t.roots {
		if Within(r.path, real) {
			return true
		}
	}
	return false
}

// Reach checks that dir, a directory a module source, kustomize base or
// values file in the tree names, lies inside the tree, and returns its
// real path; otherwise it says why it stays out (every error wraps
// ErrOutside, or is fs.ErrNotExist). It never widens the tree: the root
// was fixed before anything was read.
func (t *Tree) Reach(dir string) (string, error) {
	dir = filepath.Clean(dir)
	if t == nil {
		return dir, nil
	}
	real, err := t.EvalSymlinks(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !t.containsReal(t.resolve(dir)) {
			return "", t.why(dir)
		}
		return "", unwrap(err)
	}
	if t.containsReal(real) {
		return real, nil
	}
	return "", t.why(dir)
}

// why says why dir, outside the tree, stays out.
func (t *Tree) why(dir string) error {
	switch {
	case systemPath(t.resolve(dir)):
		return ErrSystem
	case t.containsReal(filepath.Clean(dir)) || t.lexicallyInside(dir):
		return ErrSymlinked
	case t.repo != "":
		return ErrAboveRepo
	}
	return ErrAboveRoot
}

// lexicallyInside reports whether dir, as written (no symlink resolved
// beyond the roots' own), lies below a root.
func (t *Tree) lexicallyInside(dir string) bool {
	_, _, ok := t.locate(dir)
	return ok
}

// locate finds the root below which path lies as written, and path
// relative to it.
func (t *Tree) locate(path string) (*os.Root, string, bool) {
	path = filepath.Clean(path)
	for _, r := range t.roots {
		if r.fs == nil {
			continue
		}
		if rel, below, known := relBelow(r.path, path); known {
			if below {
				return r.fs, rel, true
			}
			continue
		}
		if !Within(r.path, path) {
			continue
		}
		rel, err := filepath.Rel(r.path, path)
		if err != nil {
			continue
		}
		return r.fs, rel, true
	}
	return nil, "", false
}

// relBelow is filepath.Rel(anc, p) and Within(anc, p) for clean absolute
// Unix paths, without their cleaning (locate runs on every open and
// probe): below says whether p is anc or lies below it, rel is then p
// relative to anc. known is false where filepath's own rules must
// decide (a relative path, another separator, case-insensitive names).
func relBelow(anc, p string) (rel string, below, known bool) {
	if filepath.Separator != '/' || !strings.HasPrefix(anc, "/") || !strings.HasPrefix(p, "/") {
		return "", false, false
	}
	switch {
	case p == anc:
		return ".", true, true
	case !strings.HasPrefix(p, anc):
		return "", false, true
	case anc == "/":
		return p[1:], true, true
	case p[len(anc)] == '/':
		return p[len(anc)+1:], true, true
	}
	return "", false, true
}

// open finds path's root: as written, else after resolving symlinks (a
// path the caller built through a symlinked directory that leads inside).
func (t *Tree) open(path string) (*os.Root, string, error) {
	if systemPath(filepath.Clean(path)) {
		return nil, "", ErrSystem
	}
	if r, rel, ok := t.locate(path); ok {
		return r, rel, nil
	}
	real := t.resolve(path)
	if systemPath(real) {
		return nil, "", ErrSystem
	}
	if r, rel, ok := t.locate(real); ok {
		return r, rel, nil
	}
	return nil, "", ErrOutside
}

// fail turns an error of an os.Root operation into what callers test for:
// a path that escapes the root (through a symlink or "..") is ErrOutside.
func (t *Tree) fail(path string, err error) error {
	if errors.Is(err, fs.ErrNotExist) && t.containsReal(t.resolve(path)) {
		return fs.ErrNotExist
	}
	if !t.containsReal(t.resolve(path)) {
		if systemPath(t.resolve(path)) {
			return ErrSystem
		}
		return ErrOutside
	}
	return unwrap(err)
}

// ReadFile reads a regular file of the tree, at most limit bytes.
func (t *Tree) ReadFile(path string, limit int64) ([]byte, error) {
	if t == nil {
		if systemPath(t.resolve(path)) {
			return nil, ErrSystem
		}
		return readRegular(path, limit)
	}
	r, rel, err := t.open(path)
	if err != nil {
		return nil, err
	}
	f, err := openIn(r, rel)
	if err != nil {
		return nil, t.fail(path, err)
	}
	defer f.Close()
	data, st, err := readOpen(f, limit)
	if err == nil {
		t.fileRead(f.Name(), st, data)
	}
	return data, err
}

// Stat is os.Stat of a path inside the tree (symlinks followed within the
// tree); a path outside, or reached through a symlink leading out, is
// ErrOutside.
func (t *Tree) Stat(path string) (fs.FileInfo, error) {
	st, err := t.stat(path)
	if t != nil {
		for _, o := range t.obs {
			o.PathProbed(path, st, err)
		}
	}
	return st, err
}

// stat is Stat, unobserved.
func (t *Tree) stat(path string) (fs.FileInfo, error) {
	if t == nil {
		if systemPath(t.resolve(path)) {
			return nil, ErrSystem
		}
		st, err := os.Stat(path)
		return st, unwrapNil(err)
	}
	if st, err, ok := t.statListed(path); ok {
		return st, err
	}
	r, rel, err := t.open(path)
	if err != nil {
		return nil, err
	}
	st, err := r.Stat(rel)
	if err != nil {
		return nil, t.fail(path, err)
	}
	return st, nil
}

// IsFile reports whether path is a regular file inside the tree.
func (t *Tree) IsFile(path string) bool {
	st, err := t.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// IsDir reports whether path is a directory inside the tree.
func (t *Tree) IsDir(path string) bool {
	st, err := t.Stat(path)
	return err == nil && st.IsDir()
}

// ReadDir lists a directory inside the tree, sorted by name.
func (t *Tree) ReadDir(dir string) ([]fs.DirEntry, error) {
	ents, err := t.readDir(dir)
	if t != nil {
		for _, o := range t.obs {
			o.DirListed(dir, ents, err)
		}
	}
	return ents, err
}

// readDir is ReadDir, unobserved.
func (t *Tree) readDir(dir string) ([]fs.DirEntry, error) {
	if t == nil {
		if systemPath(t.resolve(dir)) {
			return nil, ErrSystem
		}
		ents, err := os.ReadDir(dir)
		return ents, unwrapNil(err)
	}
	if ents, ok := t.listed(dir); ok {
		return slices.Clone(ents), nil
	}
	r, rel, err := t.open(dir)
	if err != nil {
		return nil, err
	}
	f, err := r.Open(rel)
	if err != nil {
		return nil, t.fail(dir, err)
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		return nil, unwrap(err)
	}
	sortEntries(ents)
	t.keepListed(dir, ents)
	return ents, nil
}

// UseListing makes t and its views answer Stat and ReadDir from l where
// l entered the directory (nil: from the disk again). A cached run gives
// the listing of the snapshot it took at its start (cache.DirIndex): the
// paths its units probe and the directories they list are then answered
// without a system call, as the snapshot saw them, and the run's end
// checks that the tree still has that shape before its result is kept
// (cache.Outline.Unchanged). Reads of file contents always go to the
// disk.
func (t *Tree) UseListing(l Listing) {
	if t == nil || t.listing == nil {
		return
	}
	if l == nil {
		t.listing.Store(nil)
		return
	}
	t.listing.Store(&listingRef{l})
}

// listed is the listing's entries of dir, when it entered dir and dir
// lies inside the tree as written.
func (t *Tree) listed(dir string) ([]fs.DirEntry, bool) {
	if t.listing == nil {
		return nil, false
	}
	ref := t.listing.Load()
	if ref == nil {
		return nil, false
	}
	dir = filepath.Clean(dir)
	if !filepath.IsAbs(dir) || systemPath(dir) {
		return nil, false
	}
	if _, _, ok := t.locate(dir); !ok {
		return nil, false
	}
	return ref.l.Entries(dir)
}

// statListed is stat answered from the listing: ok is false when the
// listing did not enter path's directory, or path is a symlink there
// (followed on the disk), or an entry knows no file information.
func (t *Tree) statListed(path string) (fs.FileInfo, error, bool) {
	p := filepath.Clean(path)
	dir, name := filepath.Dir(p), filepath.Base(p)
	if dir == p {
		return nil, nil, false
	}
	ents, ok := t.listed(dir)
	if !ok {
		return nil, nil, false
	}
	i := sort.Search(len(ents), func(i int) bool { return ents[i].Name() >= name })
	if i == len(ents) || ents[i].Name() != name {
		return nil, fs.ErrNotExist, true
	}
	e := ents[i]
	li, known := e.(ListedInfo)
	if !known || e.Type()&fs.ModeSymlink != 0 {
		return nil, nil, false
	}
	return li.ListedInfo(), nil, true
}

// ListedFileInfo is the file information of a listed entry: its name,
// mode and size as the walk saw them, no modification time.
type ListedFileInfo struct {
	EntryName string
	EntryMode fs.FileMode
	EntrySize int64
}

func (i ListedFileInfo) Name() string       { return i.EntryName }
func (i ListedFileInfo) Size() int64        { return i.EntrySize }
func (i ListedFileInfo) Mode() fs.FileMode  { return i.EntryMode }
func (i ListedFileInfo) ModTime() time.Time { return time.Time{} }
func (i ListedFileInfo) IsDir() bool        { return i.EntryMode.IsDir() }
func (i ListedFileInfo) Sys() any           { return nil }

// ReadExplicit reads an input the user named on the command line (--plan,
// --var-file, --config, --baseline): it may lie anywhere, but it must be a
// regular file that is not a pseudo-file, or a pipe (`--plan <(terraform
// show -json plan)`), and at most limit bytes are read.
func ReadExplicit(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, unwrap(err)
	}
	switch m := st.Mode(); {
	case m.IsRegular():
		return readRegular(path, limit)
	case m&fs.ModeNamedPipe != 0:
		f, err := os.Open(path)
		if err != nil {
			return nil, unwrap(err)
		}
		defer f.Close()
		return ReadLimited(f, limit)
	case m.IsDir():
		return nil, ErrIsDir
	default:
		return nil, fmt.Errorf("%w (%s)", ErrNotRegular, kind(m))
	}
}

// ReadLimited reads r to its end, failing with ErrTooLarge past limit bytes.
func ReadLimited(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%w of %s", ErrTooLarge, Size(limit))
	}
	return data, nil
}

// readRegular opens a path that must be a regular file without blocking on
// a FIFO or following a last-moment symlink, checks the open file, and reads
// at most limit bytes.
func readRegular(path string, limit int64) ([]byte, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, unwrap(err)
	}
	defer f.Close()
	data, _, err := readOpen(f, limit)
	return data, err
}

// readOpen checks an open file (a regular file, not a pseudo-file) and
// reads at most limit bytes of it.
func readOpen(f *os.File, limit int64) ([]byte, fs.FileInfo, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, nil, unwrap(err)
	}
	if !st.Mode().IsRegular() {
		if st.IsDir() {
			return nil, st, ErrIsDir
		}
		return nil, st, fmt.Errorf("%w (%s)", ErrNotRegular, kind(st.Mode()))
	}
	if st.Size() == 0 {
		// A real empty file yields nothing; a /proc file reports 0 and
		// yields its content.
		var b [1]byte
		if n, _ := f.Read(b[:]); n > 0 {
			return nil, st, ErrPseudo
		}
		return []byte{}, st, nil
	}
	data, err := readSized(f, st.Size(), limit)
	return data, st, err
}

// readSized reads f, whose stat said size bytes, at most limit: into one
// buffer of that size and a byte more, to see a file that grew since,
// where ReadLimited grows its buffer by doubling (twice the allocation,
// and the copies, for every file a run reads).
func readSized(f *os.File, size, limit int64) ([]byte, error) {
	if size > limit {
		return ReadLimited(f, limit)
	}
	buf := make([]byte, size+1)
	n, err := io.ReadFull(f, buf)
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return buf[:n], nil
	case err != nil:
		return nil, err
	}
	rest, err := io.ReadAll(io.LimitReader(f, limit-int64(n)+1))
	if err != nil {
		return nil, err
	}
	if data := append(buf, rest...); int64(len(data)) <= limit {
		return data, nil
	}
	return nil, fmt.Errorf("%w of %s", ErrTooLarge, Size(limit))
}

// Size says a byte count the way messages do ("8 MiB").
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a file"
}

// Within reports whether p is anc or lies below it (both cleaned paths).
func Within(anc, p string) bool {
	r, err := filepath.Rel(anc, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// systemPath reports whether p (cleaned, absolute) lies under a system
// directory no tree is read from.
func systemPath(p string) bool {
	if filepath.Separator != '/' {
		return false
	}
	// A clean absolute path is decided on its prefix (filepath.Rel
	// allocates, and every open and probe asks).
	clean := filepath.Clean(p) == p
	for _, d := range systemDirs {
		if clean {
			if _, below, known := relBelow(d, p); known {
				if below {
					return true
				}
				continue
			}
		}
		if Within(d, p) {
			return true
		}
	}
	return false
}

// resolve is resolve(p), the ancestors' real paths memoised: a path
// that is not itself a symlink costs one lstat once its directory has
// been resolved, where resolving it whole costs one per component (and
// one per component of each ancestor tried when it does not exist).
func (t *Tree) resolve(p string) string {
	p = filepath.Clean(p)
	parent := filepath.Dir(p)
	if t == nil || t.reals == nil || !filepath.IsAbs(p) || parent == p {
		return resolve(p)
	}
	info, err := os.Lstat(p)
	if err == nil && info.Mode()&fs.ModeSymlink != 0 {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
	}
	// Not a symlink: where its directory really is. Missing, unreadable
	// or a dangling symlink: judged where it would be, as resolve does.
	return filepath.Join(t.realDir(parent), filepath.Base(p))
}

// EvalSymlinks is filepath.EvalSymlinks(p), the real paths of the
// directories on the way memoised: an absolute path that is not itself a
// symlink costs one lstat once its directory has been resolved, where
// filepath.EvalSymlinks costs one per component — a run resolves every
// manifest and every cached input it checks, most of them in a few
// directories deep below the root. A symlink, a path that does not exist
// and a relative path are resolved by filepath.EvalSymlinks itself, so
// the result and the error are always its own. A nil tree memoises
// nothing.
func (t *Tree) EvalSymlinks(p string) (string, error) {
	p = filepath.Clean(p)
	if t == nil || t.dirs == nil || !filepath.IsAbs(p) {
		return filepath.EvalSymlinks(p)
	}
	if r, ok := t.dirs.Load(p); ok {
		return r.(string), nil
	}
	parent := filepath.Dir(p)
	info, err := os.Lstat(p)
	if parent == p || err != nil || info.Mode()&fs.ModeSymlink != 0 {
		return filepath.EvalSymlinks(p)
	}
	// Not a symlink, so p is where its directory really is: every
	// ancestor exists (the lstat reached p through them).
	dir, err := t.EvalSymlinks(parent)
	if err != nil {
		return filepath.EvalSymlinks(p)
	}
	real := filepath.Join(dir, filepath.Base(p))
	if info.IsDir() {
		t.dirs.Store(p, real)
	}
	return real, nil
}

// realDir is t.resolve(dir), once per directory.
func (t *Tree) realDir(dir string) string {
	if r, ok := t.reals.Load(dir); ok {
		return r.(string)
	}
	r := t.resolve(dir)
	t.reals.Store(dir, r)
	return r
}

// resolve is the real path of p, or of its nearest existing ancestor with
// the rest appended, so a missing file is judged where it would be.
func resolve(p string) string {
	p = filepath.Clean(p)
	var rest []string
	for {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(append([]string{real}, rest...)...)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(append([]string{p}, rest...)...)
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = parent
	}
}

func realOr(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func unwrapNil(err error) error {
	if err == nil {
		return nil
	}
	return unwrap(err)
}
