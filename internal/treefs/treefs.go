// Package treefs is the one way faultline opens input files. A Tree knows
// the directories the scanned tree may read (the repository's top level, or
// outside git the scan roots widened to the local module and kustomize
// directories the tree names); every read resolves symlinks, refuses what
// lies outside, refuses anything but a regular file before reading from it
// (FIFOs, devices and sockets would block or never end), and stops at a
// byte cap counted while reading, not taken from Stat.
package treefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// Errors a read can end with; they never carry the file's content.
var (
	// ErrSymlinked: a directory outside the tree reached through a symlink.
	ErrSymlinked = fmt.Errorf("it is reached through a symlink, so it stays %w", ErrOutside)
	// ErrAboveRepo: a directory above the repository's top level.
	ErrAboveRepo = fmt.Errorf("it lies above the repository's top level, so it stays %w", ErrOutside)
	// ErrOutside: the path (after symlinks) lies outside the tree.
	ErrOutside = errors.New("outside the scanned tree")
	// ErrNotRegular: a FIFO, device, socket or directory where a file was expected.
	ErrNotRegular = errors.New("not a regular file")
	// ErrIsDir: a directory where a file was expected.
	ErrIsDir = errors.New("is a directory")
	// ErrTooLarge: more bytes than the read's limit.
	ErrTooLarge = errors.New("larger than the limit")
)

// Tree is the set of directories faultline may read below. Its methods are
// safe for concurrent use. A nil *Tree confines nothing but still refuses
// non-regular files and caps every read (for parser unit tests).
type Tree struct {
	mu sync.RWMutex
	// repo is the real repository top level, "" outside git.
	repo string
	// roots are real directory paths whose subtrees may be read.
	roots []string
	// dirs caches the real path of each directory a read went through, so a
	// file costs one open (its own symlink, if any, is caught by
	// O_NOFOLLOW) instead of an lstat per path element.
	dirs sync.Map // clean path → real path
}

// New makes the tree for scan roots: the repository top level when repo is
// not empty (the scan roots lie inside it), else the scan roots themselves.
// Paths are resolved through symlinks once, here.
func New(roots []string, repo string) *Tree {
	t := &Tree{}
	if repo != "" {
		t.repo = realOr(repo)
		t.roots = []string{t.repo}
		return t
	}
	for _, r := range roots {
		t.roots = append(t.roots, realOr(r))
	}
	return t
}

// Roots are the real directories the tree may read below.
func (t *Tree) Roots() []string {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	return append([]string(nil), t.roots...)
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
		return true
	}
	return t.containsReal(resolve(path))
}

func (t *Tree) containsReal(real string) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	for _, r := range t.roots {
		if Within(r, real) {
			return true
		}
	}
	return false
}

// Allow widens the tree to dir, a directory a module source or kustomize
// base in the tree names (Join(from, relative path)), the way Terraform and
// kustomize follow it: inside a git repository only below the top level
// (nothing above it is ever read); outside git, dir joins the tree when the
// path from the real from directory to it crosses no symlink. It returns
// the real directory, or an error saying why it stays out.
func (t *Tree) Allow(from, dir string) (string, error) {
	if t == nil {
		return filepath.Clean(dir), nil
	}
	realFrom := realOr(from)
	if !t.containsReal(realFrom) {
		return "", ErrOutside
	}
	rel, err := filepath.Rel(filepath.Clean(from), filepath.Clean(dir))
	if err != nil {
		return "", ErrOutside
	}
	candidate := filepath.Clean(filepath.Join(realFrom, rel))
	real, err := filepath.EvalSymlinks(candidate)
	if err != nil {
		return "", unwrap(err)
	}
	if t.containsReal(real) {
		return real, nil
	}
	if t.repo != "" {
		return "", ErrAboveRepo
	}
	if real != candidate {
		return "", ErrSymlinked
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", unwrap(err)
	}
	if !st.IsDir() {
		return "", errors.New("not a directory")
	}
	t.mu.Lock()
	t.roots = append(t.roots, real)
	t.mu.Unlock()
	return real, nil
}

// ReadFile reads a regular file of the tree, at most limit bytes.
func (t *Tree) ReadFile(path string, limit int64) ([]byte, error) {
	if noFollow {
		if real, ok := t.inRealDir(path); ok {
			data, err := readRegular(real, limit)
			if !errors.Is(err, syscall.ELOOP) {
				return data, err
			}
			// The file itself is a symlink: resolve and confine it below.
		}
	}
	real, err := t.check(path)
	if err != nil {
		return nil, err
	}
	return readRegular(real, limit)
}

// Stat is os.Stat of a path inside the tree (symlinks followed, then
// confined); a path outside is ErrOutside.
func (t *Tree) Stat(path string) (fs.FileInfo, error) {
	if real, ok := t.inRealDir(path); ok {
		if st, err := os.Lstat(real); err == nil && st.Mode()&fs.ModeSymlink == 0 {
			return st, nil
		}
	}
	real, err := t.check(path)
	if err != nil {
		return nil, err
	}
	st, err := os.Lstat(real)
	if err != nil {
		return nil, unwrap(err)
	}
	return st, nil
}

// inRealDir is path with its directory resolved (cached), when that
// directory lies inside the tree; the last element is not resolved.
func (t *Tree) inRealDir(path string) (string, bool) {
	path = filepath.Clean(path)
	dir, base := filepath.Split(path)
	if base == "" || base == ".." {
		return "", false
	}
	dir = filepath.Clean(dir)
	var realDir string
	if t != nil {
		if v, ok := t.dirs.Load(dir); ok {
			realDir = v.(string)
		}
	}
	if realDir == "" {
		r, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return "", false
		}
		realDir = r
		if t != nil {
			t.dirs.Store(dir, r)
		}
	}
	if t != nil && !t.containsReal(realDir) {
		return "", false
	}
	return filepath.Join(realDir, base), true
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

// ReadDir lists a directory inside the tree.
func (t *Tree) ReadDir(dir string) ([]fs.DirEntry, error) {
	real, err := t.check(dir)
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(real)
	if err != nil {
		return ents, unwrap(err)
	}
	return ents, nil
}

// check resolves path and confines it.
func (t *Tree) check(path string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", unwrap(err)
	}
	if t != nil && !t.containsReal(real) {
		return "", ErrOutside
	}
	return real, nil
}

// ReadExplicit reads an input the user named on the command line (--plan,
// --var-file, --config, --baseline): it may lie anywhere, but it must be a
// regular file or a pipe (`--plan <(terraform show -json plan)`), and at
// most limit bytes are read.
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
	st, err := f.Stat()
	if err != nil {
		return nil, unwrap(err)
	}
	if !st.Mode().IsRegular() {
		if st.IsDir() {
			return nil, ErrIsDir
		}
		return nil, fmt.Errorf("%w (%s)", ErrNotRegular, kind(st.Mode()))
	}
	return ReadLimited(f, limit)
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
