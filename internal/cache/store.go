// Package cache is faultline's persistent, content-addressed result
// cache. A Store keeps entries under a directory (the user cache
// directory's faultline/ by default), each written atomically (a
// temporary file renamed in place) behind a header that names the format
// and carries the length and CRC-32C of the payload: a truncated, corrupt
// or foreign entry reads as a miss and is removed, never as a result. The
// store is bounded: past its size, the entries least recently used go.
// Readers take no lock; concurrent writers of one key each rename a
// whole entry into place, so the last one wins and no reader sees half.
//
// What makes an entry valid is the caller's: Snapshot records the state
// of a tree (every entry's name, type, mode, size, symlink target and the
// hash of every file's content) so a result stored with it is used again
// only when the tree is the same.
package cache

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// DirEnv names the cache directory instead of the user cache directory's
// faultline/.
const DirEnv = "FAULTLINE_CACHE_DIR"

// MaxEnv bounds the cache's size, in MiB.
const MaxEnv = "FAULTLINE_CACHE_MAX"

// DefaultMax is the size the store keeps itself under unless told.
const DefaultMax = 256 << 20

// magic opens every entry; formatVersion changes whenever the layout of
// an entry or of a payload changes, so an older faultline's entries are
// misses. The header is magic, the version, the payload's length and its
// CRC-32C.
const (
	magic         = "FLCACHE\n"
	formatVersion = 2
	headerSize    = len(magic) + 4 + 8 + 4
)

// castagnoli is the CRC-32C table. The checksum finds an entry truncated
// or damaged on the disk (every burst of up to 32 bits, and all but one in
// 2^32 of the rest) at a tenth of SHA-256's cost, which a run that takes
// a hundred entries paid on each: it is no defence against someone who
// can write the cache directory, but neither is a hash they could
// compute as well. What an entry is valid for is in its key.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// touchInterval is how stale an entry's time of use may be: a hit on an
// entry marked used less than this ago does not mark it again (one
// syscall saved per entry a run takes, as Go's build cache does). Trim
// orders entries by it, so entries used within the interval are alike
// to it.
const touchInterval = time.Hour

// Key names an entry: the hash of everything that decides the result
// apart from the tree's content.
type Key [sha256.Size]byte

// String is the key in hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// KeyOf hashes the parts of a key, each length-prefixed so that no two
// lists of parts collide.
func KeyOf(parts ...[]byte) Key {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write(p)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// Store is a directory of entries.
type Store struct {
	dir string
	max int64
	// written counts the bytes Put wrote since the last Trim: the store
	// is trimmed once a sixteenth of its bound is written (a run writing
	// an entry per root does not walk the store per entry).
	written atomic.Int64
	// shards says which shard directories this store made or found
	// (create): an entry's directory is made once per run, not looked
	// up on every write.
	shards [16]atomic.Bool
}

// Dir is the cache directory: DirEnv when set, else the user cache
// directory's faultline/.
func Dir(getenv func(string) string) (string, error) {
	if d := getenv(DirEnv); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory (set %s): %w", DirEnv, err)
	}
	return filepath.Join(base, "faultline"), nil
}

// Max is the size bound MaxEnv sets, in bytes, else DefaultMax.
func Max(getenv func(string) string) (int64, error) {
	v := getenv(MaxEnv)
	if v == "" {
		return DefaultMax, nil
	}
	mib, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || mib <= 0 || mib > 1<<20 {
		return 0, fmt.Errorf("%s=%q: want a size in MiB, 1 or more", MaxEnv, v)
	}
	return mib << 20, nil
}

// Open makes the store at dir (created if missing), kept under max bytes.
func Open(dir string, max int64) (*Store, error) {
	if err := os.MkdirAll(filepath.Join(dir, "entries"), 0o755); err != nil {
		return nil, fmt.Errorf("cache directory %s: %w", dir, err)
	}
	return &Store{dir: dir, max: max}, nil
}

// path is where key's entry lives: entries/<1 hex>/<hex>. Sixteen
// shards, not Go's build cache's 256: a run filling an empty cache made
// up to 256 directories, at a measured 0.2–1 ms each on a VM's ext4, and
// a directory of tens of thousands of entries is no burden to a file
// system with hashed directories.
func (s *Store) path(k Key) string {
	h := k.String()
	return filepath.Join(s.dir, "entries", h[:1], h)
}

// Get returns key's payload. A missing entry is a miss; one whose header
// or checksum does not hold is a miss and is removed. A hit marks the
// entry used now, for eviction.
func (s *Store) Get(k Key) ([]byte, bool) {
	p := s.path(k)
	data, used, err := readEntry(p)
	if err != nil {
		if errors.Is(err, errNotEntry) {
			_ = os.Remove(p)
		}
		return nil, false
	}
	payload, ok := decode(data)
	if !ok {
		_ = os.Remove(p)
		return nil, false
	}
	if now := time.Now(); now.Sub(used) >= touchInterval {
		_ = os.Chtimes(p, now, now)
	}
	return payload, true
}

// readEntry reads the entry at p whole, and when it was last marked used.
// An entry is never written once renamed into place, so the size its
// open file has is its size.
func readEntry(p string) ([]byte, time.Time, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, err
	}
	if !st.Mode().IsRegular() {
		return nil, time.Time{}, fmt.Errorf("%s: not a regular file", p)
	}
	if st.Size() > maxEntry {
		return nil, time.Time{}, errNotEntry
	}
	data := make([]byte, st.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, time.Time{}, err
	}
	return data, st.ModTime(), nil
}

// maxEntry bounds what readEntry reads: a payload is at most a quarter of
// a store's bound (at most 2^20 MiB), and its header.
const maxEntry = 1<<40/4 + int64(headerSize)

// errNotEntry is a file at an entry's path that cannot be one.
var errNotEntry = errors.New("not a cache entry")

// decode checks an entry's header and checksum and returns its payload.
func decode(data []byte) ([]byte, bool) {
	if len(data) < headerSize || string(data[:len(magic)]) != magic {
		return nil, false
	}
	rest := data[len(magic):]
	if binary.BigEndian.Uint32(rest) != formatVersion {
		return nil, false
	}
	n := binary.BigEndian.Uint64(rest[4:])
	sum := binary.BigEndian.Uint32(rest[12:])
	payload := rest[16:]
	if uint64(len(payload)) != n || crc32.Checksum(payload, castagnoli) != sum {
		return nil, false
	}
	return payload, true
}

// header is the header of an entry holding payload.
func header(payload []byte) []byte {
	out := make([]byte, 0, headerSize)
	out = append(out, magic...)
	out = binary.BigEndian.AppendUint32(out, formatVersion)
	out = binary.BigEndian.AppendUint64(out, uint64(len(payload)))
	return binary.BigEndian.AppendUint32(out, crc32.Checksum(payload, castagnoli))
}

// Put stores key's payload: written to a temporary file in the entry's
// directory and renamed over it, so readers see the old entry or the new
// one whole. A payload larger than a quarter of the bound is not stored.
// Put keeps no reference to payload.
// When the store passes its bound, the least recently used entries go.
func (s *Store) Put(k Key, payload []byte) error {
	st, err := s.Stage(k, payload)
	if err != nil || st == nil {
		return err
	}
	return st.Commit()
}

// Staged is an entry written to the disk but not yet stored: Commit
// stores it (as Put would have), Discard drops it. A run holds the
// entries it may store only once it ends this way, on the disk and not
// in memory. A temporary file neither committed nor discarded (the
// process died) goes with Trim an hour later.
type Staged struct {
	s    *Store
	k    Key
	tmp  string
	size int64
}

// MaxPayload is the largest payload the store keeps (Put and Stage drop
// a larger one): a quarter of its bound.
func (s *Store) MaxPayload() int64 { return s.max / 4 }

// Stage writes key's payload as Put does, without storing it yet; nil
// (and no error) for a payload larger than a quarter of the bound, which
// is not stored. Stage keeps no reference to payload.
func (s *Store) Stage(k Key, payload []byte) (*Staged, error) {
	if int64(len(payload)) > s.MaxPayload() {
		return nil, nil
	}
	_, tmp, err := s.create(k)
	if err != nil {
		return nil, err
	}
	_, werr := tmp.Write(header(payload))
	if werr == nil {
		_, werr = tmp.Write(payload)
	}
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return nil, fmt.Errorf("cache entry %s: %w", k, err)
	}
	return &Staged{s: s, k: k, tmp: tmp.Name(), size: int64(len(payload))}, nil
}

// Commit stores the staged entry: renamed over the entry's path, so
// readers see the old entry or the new one whole.
func (st *Staged) Commit() error {
	if err := os.Rename(st.tmp, st.s.path(st.k)); err != nil {
		_ = os.Remove(st.tmp)
		return fmt.Errorf("cache entry %s: %w", st.k, err)
	}
	st.s.wrote(st.size)
	return nil
}

// Discard drops the staged entry.
func (st *Staged) Discard() { _ = os.Remove(st.tmp) }

// create makes the temporary file an entry of k is written to, beside
// the entry's path p (renamed onto it once written).
func (s *Store) create(k Key) (p string, tmp *os.File, err error) {
	p = s.path(k)
	dir := filepath.Dir(p)
	shard := &s.shards[k[0]>>4]
	if shard.Load() {
		if tmp, err = os.CreateTemp(dir, ".tmp-*"); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return p, tmp, wrapEntry(k, err)
		}
		// The directory went (the cache was cleared meanwhile): made again.
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, wrapEntry(k, err)
	}
	shard.Store(true)
	tmp, err = os.CreateTemp(dir, ".tmp-*")
	return p, tmp, wrapEntry(k, err)
}

// wrapEntry says which entry err is about (nil: nil).
func wrapEntry(k Key, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("cache entry %s: %w", k, err)
}

// PutStream stores the payload write writes, as Put stores one, without
// holding it in memory: it goes to the temporary file as it is written,
// its length and checksum after it. An error of write leaves the entry
// as it was.
func (s *Store) PutStream(k Key, write func(io.Writer) error) error {
	p, tmp, err := s.create(k)
	if err != nil {
		return err
	}
	n, err := writePayload(tmp, write)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > s.max/4 {
		_ = os.Remove(tmp.Name())
		return nil
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("cache entry %s: %w", k, err)
	}
	s.wrote(n)
	return nil
}

// writePayload writes to f an entry whose payload write writes: a header
// left blank, the payload, then the header filled in. It returns the
// payload's length.
func writePayload(f *os.File, write func(io.Writer) error) (int64, error) {
	if _, err := f.Write(make([]byte, headerSize)); err != nil {
		return 0, err
	}
	sum := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(f, sum), 256<<10)
	cw := &countingWriter{w: bw}
	if err := write(cw); err != nil {
		return 0, err
	}
	if err := bw.Flush(); err != nil {
		return 0, err
	}
	header := make([]byte, 0, headerSize)
	header = append(header, magic...)
	header = binary.BigEndian.AppendUint32(header, formatVersion)
	header = binary.BigEndian.AppendUint64(header, uint64(cw.n))
	header = binary.BigEndian.AppendUint32(header, sum.Sum32())
	if _, err := f.WriteAt(header, 0); err != nil {
		return 0, err
	}
	return cw.n, nil
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// wrote counts n bytes written, trimming the store once a sixteenth of
// its bound is.
func (s *Store) wrote(n int64) {
	if s.written.Add(n) >= s.max/16 {
		s.written.Store(0)
		s.Trim()
	}
}

// Remove drops key's entry.
func (s *Store) Remove(k Key) { _ = os.Remove(s.path(k)) }

// stored is one entry file on disk.
type stored struct {
	path string
	size int64
	used time.Time
}

// Trim removes the least recently used entries while the store is above
// its bound, down to three quarters of it, and temporary files an
// interrupted writer left over an hour ago.
func (s *Store) Trim() {
	var all []stored
	var total int64
	stale := time.Now().Add(-time.Hour)
	_ = filepath.WalkDir(filepath.Join(s.dir, "entries"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".tmp-") {
			if info.ModTime().Before(stale) {
				_ = os.Remove(p)
			}
			return nil
		}
		all = append(all, stored{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if total <= s.max {
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i].used.Before(all[j].used) })
	for _, e := range all {
		if total <= s.max*3/4 {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}
