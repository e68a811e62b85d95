package cache

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// DirIndex is what a snapshot listed of each directory it entered, in
// order: a walk of the same tree that follows it (WalkDir) reads no
// directory the snapshot read already. A run that took a snapshot to look
// for its stored result walks the tree as the snapshot saw it, which is
// also the tree whose shape the run's end checks (Outline.Unchanged).
type DirIndex struct {
	dirs map[string][]fs.DirEntry
}

// Index is s's directory index, or nil when an entry of s could not be
// read (a walk then reads the tree itself, and meets the error as
// filepath.WalkDir does).
func (s Snapshot) Index() *DirIndex {
	x := &DirIndex{dirs: make(map[string][]fs.DirEntry, len(s.entered))}
	for _, d := range s.entered {
		x.dirs[d.path] = []fs.DirEntry{}
	}
	for _, e := range s.Entries {
		if e.Err != "" {
			return nil
		}
		parent := filepath.Dir(e.Path)
		if list, ok := x.dirs[parent]; ok && parent != e.Path {
			x.dirs[parent] = append(list, indexEntry{name: filepath.Base(e.Path), path: e.Path, mode: e.Mode, size: e.Size})
		}
	}
	return x
}

// indexEntry is a directory entry as a snapshot listed it.
type indexEntry struct {
	name, path string
	mode       fs.FileMode
	size       int64
}

// ListedInfo is the entry's file information as the snapshot stat'ed it
// (treefs.ListedInfo): name, mode and a file's size (a directory's is
// 0), no modification time.
func (e indexEntry) ListedInfo() fs.FileInfo {
	return treefs.ListedFileInfo{EntryName: e.name, EntryMode: e.mode, EntrySize: e.size}
}

func (e indexEntry) Name() string               { return e.name }
func (e indexEntry) IsDir() bool                { return e.mode.IsDir() }
func (e indexEntry) Type() fs.FileMode          { return e.mode.Type() }
func (e indexEntry) Info() (fs.FileInfo, error) { return os.Lstat(e.path) }
func (e indexEntry) String() string             { return fs.FormatDirEntry(e) }

// Release lets the index's listings go: it then knows no directory (a
// walk reads the tree itself). The options of a run are copied by value,
// each copy holding the index; releasing it frees its memory whoever
// still holds it. Nothing is done on a nil index.
func (x *DirIndex) Release() {
	if x != nil {
		x.dirs = nil
	}
}

// Entries are dir's entries as the snapshot listed them, sorted by name,
// and whether the snapshot entered dir (treefs.Listing). The snapshot
// walks from real roots without following symlinks, so a directory it
// entered is reached through directories alone.
func (x *DirIndex) Entries(dir string) ([]fs.DirEntry, bool) {
	if x == nil {
		return nil, false
	}
	list, ok := x.dirs[dir]
	return list, ok
}

// readDir is dir's entries: as the index listed them, or read now when
// the index did not enter dir (or is nil).
func (x *DirIndex) readDir(dir string) ([]fs.DirEntry, error) {
	if x != nil {
		if list, ok := x.dirs[dir]; ok {
			return list, nil
		}
	}
	return os.ReadDir(dir)
}

// WalkDir is filepath.WalkDir over the index: the same calls of fn, in
// the same order (SkipDir and SkipAll compared as filepath.WalkDir
// compares them), with the listings the snapshot made of the directories
// it entered; a directory it did not enter is read. A nil index walks
// the tree itself.
func (x *DirIndex) WalkDir(root string, fn fs.WalkDirFunc) error {
	info, err := os.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = x.walkDir(root, fs.FileInfoToDirEntry(info), fn)
	}
	if err == filepath.SkipDir || err == filepath.SkipAll {
		return nil
	}
	return err
}

// walkDir is filepath's walkDir with the index's listings.
func (x *DirIndex) walkDir(path string, d fs.DirEntry, fn fs.WalkDirFunc) error {
	if err := fn(path, d, nil); err != nil || !d.IsDir() {
		if err == filepath.SkipDir && d.IsDir() {
			err = nil
		}
		return err
	}
	dirs, err := x.readDir(path)
	if err != nil {
		if err = fn(path, d, err); err != nil {
			if err == filepath.SkipDir && d.IsDir() {
				err = nil
			}
			return err
		}
	}
	for _, d1 := range dirs {
		if err := x.walkDir(filepath.Join(path, d1.Name()), d1, fn); err != nil {
			if err == filepath.SkipDir {
				break
			}
			return err
		}
	}
	return nil
}
