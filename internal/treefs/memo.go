package treefs

import (
	"io/fs"
	"path/filepath"
	"slices"
	"sync"
)

// Memo is a Listing that starts empty and keeps each directory the tree
// lists from the disk while it uses it (UseListing): a later listing of
// the same directory, through any view, is answered from memory, and a
// probe of a path in it knows at once whether the name is there. A run
// that took no snapshot of the tree, or let it go (--no-cache, or
// filling the cache), uses one for its load: its units list the same
// directories again and again (every Terragrunt unit looks through its
// siblings for variables files). The answers are those of the run's first
// look; a run whose tree changed under it is not kept (its snapshot says
// so), and one without a cache keeps nothing.
type Memo struct {
	mu   sync.Mutex
	dirs map[string][]fs.DirEntry
	// hits counts the listings answered from memory.
	hits int
}

// NewMemo returns an empty Memo.
func NewMemo() *Memo { return &Memo{dirs: map[string][]fs.DirEntry{}} }

// Entries are dir's entries as first listed, if it was.
func (m *Memo) Entries(dir string) ([]fs.DirEntry, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ents, ok := m.dirs[dir]
	if ok {
		m.hits++
	}
	return ents, ok
}

// Hits is the number of listings (a ReadDir, or the listing a Stat
// looked in) answered from memory.
func (m *Memo) Hits() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hits
}

// Len is the number of directories kept.
func (m *Memo) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.dirs)
}

// keep records dir's entries as listed from the disk (a copy: the caller
// owns ents).
func (m *Memo) keep(dir string, ents []fs.DirEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.dirs[dir]; !ok {
		m.dirs[dir] = slices.Clone(ents)
	}
}

// keepListed records a listing read from the disk when t uses a Memo.
func (t *Tree) keepListed(dir string, ents []fs.DirEntry) {
	if t.listing == nil {
		return
	}
	ref := t.listing.Load()
	if ref == nil {
		return
	}
	if m, ok := ref.l.(*Memo); ok {
		m.keep(filepath.Clean(dir), ents)
	}
}
