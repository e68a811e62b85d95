package kustomize

import (
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// source is how the package reads a kustomization tree: every read goes
// through a treefs.Tree (symlinks resolved and confined, regular files
// only, byte-capped). A nil tree confines nothing but still refuses
// non-regular files and caps reads.
type source struct {
	tree *treefs.Tree
	// cache keeps what reads gave for the run (nil: nothing kept).
	cache *Cache
	// observed says tree is a view observed for one render
	// (Options.Inputs): every read and stat goes to it, none is answered
	// from cache.
	observed bool
}

// newSource is the source for Options: the caller's tree, else a tree of
// the scan root alone, else none. Neither ever widens.
func newSource(t *treefs.Tree, scanRoot string, c *Cache) source {
	if t != nil {
		return source{tree: t, cache: c}
	}
	if scanRoot != "" {
		return source{tree: treefs.New([]string{scanRoot}, ""), cache: c}
	}
	return source{cache: c}
}

// read reads a regular file of the tree, at most limit bytes (once per
// run with a cache).
func (s source) read(p string, limit int64) ([]byte, error) {
	return s.cache.read(s, p, limit)
}

// stat is os.Stat of a path of the tree (once per run with a cache).
func (s source) stat(p string) (fs.FileInfo, error) {
	return s.cache.stat(s, p)
}

// contains reports whether p (after symlinks) lies in the tree.
func (s source) contains(p string) bool {
	return s.tree.Contains(p)
}

// reach checks that p, a path a kustomization names, is readable: inside
// the tree (which nothing widens). It returns p's FileInfo, or an error:
// fs.ErrNotExist, or one wrapping treefs.ErrOutside (saying why, for a
// directory) when p stays out of the tree.
func (s source) reach(p string, dirOK bool) (fs.FileInfo, error) {
	if !s.contains(p) {
		if s.tree == nil || !dirOK {
			return nil, treefs.ErrOutside
		}
		if _, err := s.tree.Reach(p); err != nil {
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return nil, fs.ErrNotExist
			case errors.Is(err, treefs.ErrOutside):
				return nil, err // why it stays out
			}
			return nil, treefs.ErrOutside
		}
	}
	fi, err := s.stat(p)
	if err != nil && errors.Is(err, fs.ErrNotExist) {
		return nil, fs.ErrNotExist
	}
	return fi, err
}

// kustFile returns the kustomization file in dir, if any. outside names a
// kustomization file that exists but lies outside the tree (a symlink).
func (s source) kustFile(dir string) (file, outside string) {
	for _, n := range kustFileNames {
		p := filepath.Join(dir, n)
		fi, err := s.stat(p)
		switch {
		case err == nil && fi.Mode().IsRegular():
			return p, ""
		case errors.Is(err, treefs.ErrOutside) && outside == "":
			outside = p
		}
	}
	return "", outside
}

// outsideReason says why a path stays out of the tree, never naming
// anything read from it.
func outsideReason(err error) string {
	if errors.Is(err, treefs.ErrSymlinked) || errors.Is(err, treefs.ErrAboveRepo) || errors.Is(err, treefs.ErrAboveRoot) || errors.Is(err, treefs.ErrSystem) {
		return err.Error()
	}
	return "it lies outside the scanned tree"
}
