package treefs

import "io/fs"

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

// Observed is a view of t whose reads are also told to o; t is not
// changed. A nil t stays nil (it confines nothing and is not observed).
func (t *Tree) Observed(o Observer) *Tree {
	if t == nil {
		return nil
	}
	v := *t
	v.obs = o
	return &v
}
