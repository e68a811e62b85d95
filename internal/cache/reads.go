package cache

import (
	"crypto/sha256"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"sync"
)

// Read is one file a run read: where, the stat it had and the hash of
// the bytes the run got.
type Read struct {
	Path string
	Size int64
	Hash [sha256.Size]byte
	// Stat is the file's change identity when read, trusted in place of
	// its content later unless Racy (changed too close to the recording).
	Stat StatID
	Racy bool
}

// StatID is what changes when a file is written, renamed over or
// touched: modification and change times, inode and device. Zero where
// the system does not say (then the content is always read again).
type StatID struct {
	MTime, CTime int64
	Ino, Dev     uint64
}

// Reads records the files a run reads: a treefs.Observer of the run's
// tree (only files count). It is safe for concurrent use.
type Reads struct {
	mu    sync.Mutex
	files map[string]Read
	// unstable names a file that gave two contents in one run, or
	// changed while read: the run's result is not stored.
	unstable string
}

// Get is what the record holds of path; false when nothing, or when r is
// nil.
func (r *Reads) Get(path string) (Read, bool) {
	if r == nil {
		return Read{}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	rd, ok := r.files[path]
	return rd, ok
}

// NewReads starts an empty record.
func NewReads() *Reads { return &Reads{files: map[string]Read{}} }

// Add records that path, of stat info, read as data.
func (r *Reads) Add(path string, info fs.FileInfo, data []byte) {
	rd := Read{Path: path, Size: int64(len(data)), Stat: statID(info)}
	if !filepath.IsAbs(path) {
		r.mu.Lock()
		r.unstable = path + " was read by a relative path"
		r.mu.Unlock()
		return
	}
	rd.Hash = sha256.Sum256(data)
	r.mu.Lock()
	defer r.mu.Unlock()
	old, seen := r.files[path]
	switch {
	case info.Size() != rd.Size:
		r.unstable = path + " changed while read"
	case seen && old.Hash != rd.Hash:
		r.unstable = path + " gave two contents"
	}
	r.files[path] = rd
}

// AddKept records files a unit kept from an earlier run rests on, as
// that run read them, after a Checker found each as recorded: the run
// that uses the unit without reading them rests on them too. A file read
// otherwise with another content makes the record unstable.
func (r *Reads) AddKept(reads []Read) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rd := range reads {
		if old, seen := r.files[rd.Path]; seen && old.Hash != rd.Hash {
			r.unstable = rd.Path + " gave two contents"
		}
		if _, seen := r.files[rd.Path]; !seen {
			r.files[rd.Path] = rd
		}
	}
}

// markUnstable makes the record unfit to store, saying why.
func (r *Reads) markUnstable(why string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.unstable == "" {
		r.unstable = why
	}
}

// FileRead records a file read (treefs.Observer).
func (r *Reads) FileRead(path string, info fs.FileInfo, data []byte) { r.Add(path, info, data) }

// DirListed is no input of a whole run (its tree's shape is: Snapshot).
func (r *Reads) DirListed(string, []fs.DirEntry, error) {}

// PathProbed is no input of a whole run (its tree's shape is: Snapshot).
func (r *Reads) PathProbed(string, fs.FileInfo, error) {}

// Unstable says which file made the record unfit to store, or "".
func (r *Reads) Unstable() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.unstable
}

// List is the record, by path, each read marked racy when its file
// changed within racyWindow of now (call it once the run is over).
func (r *Reads) List() []Read {
	r.mu.Lock()
	defer r.mu.Unlock()
	limit := clock().Add(-racyWindow).UnixNano()
	out := make([]Read, 0, len(r.files))
	for _, rd := range r.files {
		rd.Racy = rd.Stat == (StatID{}) || rd.Stat.MTime >= limit || rd.Stat.CTime >= limit
		out = append(out, rd)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Check reports whether every file of reads still holds what the run
// read: a file whose stat is unchanged (and was not racy) is trusted,
// any other is read and hashed again. refreshed is reads with the stats
// seen now, when some changed while the content did not (storing it
// lets the next run trust them); nil when nothing changed.
func Check(reads []Read) (same bool, refreshed []Read) {
	return NewChecker(nil).checkFiles(reads)
}

// hashOf hashes a file's content; one that cannot be read, or whose size
// is not size, hashes to zero (never a recorded hash).
func hashOf(path string, size int64) (sum [sha256.Size]byte) {
	f, err := openRegular(path)
	if err != nil {
		return sum
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return sum
	}
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, size+1))
	if err != nil || n != size {
		return sum
	}
	h.Sum(sum[:0])
	return sum
}
