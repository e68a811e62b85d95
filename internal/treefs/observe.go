package treefs

import (
	"io/fs"
	"os"
)

// Observer is told what reads through one view of a Tree (Observed) see:
// the files read, the directories listed and the paths probed. A unit
// of work that reads through its own view learns exactly which inputs
// its result rests on (the result cache keeps a Terraform root's output
// by them). Its methods must be safe for concurrent use.
type Observer interface {
	// FileRead is a regular file read whole: the path it was opened by,
	// its stat when opened and the bytes read.
	FileRead(path string, info fs.FileInfo, data []byte)
	// DirListed is a directory listed: its entries, or the error.
	DirListed(dir string, ents []fs.DirEntry, err error)
	// PathProbed is a path stat'ed (Stat, IsFile, IsDir): its stat, or
	// the error.
	PathProbed(path string, info fs.FileInfo, err error)
}

// Observed is a view of t whose reads are also told to o (and to t's
// observers); t is not changed. A nil t stays nil (it confines nothing
// and is not observed).
func (t *Tree) Observed(o Observer) *Tree {
	if t == nil {
		return nil
	}
	v := *t
	v.obs = append(append([]Observer(nil), t.obs...), o)
	return &v
}

// Rooted is the tree of dir alone (as New([]string{dir}, "") makes it)
// whose reads are told to t's observers: a reader confined to a part of
// the tree (a chart) is observed as the whole tree is.
func (t *Tree) Rooted(dir string) *Tree {
	r := New([]string{dir}, "")
	if t != nil {
		r.obs = append([]Observer(nil), t.obs...)
	}
	return r
}

// ReadExplicit is the package's ReadExplicit, told to t's observers.
func (t *Tree) ReadExplicit(path string, limit int64) ([]byte, error) {
	data, err := ReadExplicit(path, limit)
	if err == nil && t != nil && len(t.obs) > 0 {
		if st, serr := os.Stat(path); serr == nil && st.Mode().IsRegular() {
			t.fileRead(path, st, data)
		}
	}
	return data, err
}

// fileRead tells t's observers of a file read.
func (t *Tree) fileRead(path string, info fs.FileInfo, data []byte) {
	for _, o := range t.obs {
		o.FileRead(path, info, data)
	}
}
