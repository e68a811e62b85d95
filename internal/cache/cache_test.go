package cache

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func openStore(t *testing.T, max int64) *Store {
	t.Helper()
	s, err := Open(t.TempDir(), max)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStoreRoundTrip(t *testing.T) {
	s := openStore(t, DefaultMax)
	k := KeyOf([]byte("a"), []byte("b"))
	if _, ok := s.Get(k); ok {
		t.Fatal("hit in an empty store")
	}
	want := []byte("payload\x00with bytes")
	if err := s.Put(k, want); err != nil {
		t.Fatal(err)
	}
	// The caller may use its payload again: the store kept none of it.
	reused := bytes.Clone(want)
	if err := s.Put(k, reused); err != nil {
		t.Fatal(err)
	}
	copy(reused, "PAYLOAD")
	got, ok := s.Get(k)
	if !ok || !bytes.Equal(got, want) {
		t.Fatalf("Get = %q, %v; want %q", got, ok, want)
	}
	if KeyOf([]byte("ab")) == KeyOf([]byte("a"), []byte("b")) || KeyOf([]byte("a"), []byte("b")) == KeyOf([]byte("ab"), nil) {
		t.Error("keys of different part lists collide")
	}
}

// A truncated, corrupted, foreign or older-format entry is a miss and is
// removed; nothing of it is returned.
// TestStorePutStream wants an entry written as a stream to be the entry
// Put writes of the same payload, a failed stream to leave the entry as
// it was, and a payload past a quarter of the bound not stored.
func TestStorePutStream(t *testing.T) {
	s := openStore(t, 4<<20)
	k := KeyOf([]byte("stream"))
	want := bytes.Repeat([]byte("0123456789abcdef"), 40000) // several buffers' worth
	write := func(w io.Writer) error {
		for i := 0; i < len(want); i += 1000 {
			if _, err := w.Write(want[i:min(i+1000, len(want))]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := s.PutStream(k, write); err != nil {
		t.Fatal(err)
	}
	streamed, err := os.ReadFile(s.path(k))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(k, want); err != nil {
		t.Fatal(err)
	}
	put, err := os.ReadFile(s.path(k))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(streamed, put) {
		t.Fatalf("streamed entry (%d bytes) differs from Put's (%d bytes)", len(streamed), len(put))
	}
	if err := s.PutStream(k, func(w io.Writer) error {
		_, _ = w.Write([]byte("half"))
		return errors.New("failed")
	}); err == nil {
		t.Error("a failed stream stores without error")
	}
	if got, ok := s.Get(k); !ok || !bytes.Equal(got, want) {
		t.Error("a failed stream changed the entry")
	}
	big := KeyOf([]byte("big"))
	if err := s.PutStream(big, func(w io.Writer) error { _, err := w.Write(make([]byte, 1<<20+1)); return err }); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Get(big); ok {
		t.Error("a payload past a quarter of the bound is stored")
	}
	if left, _ := filepath.Glob(filepath.Join(s.dir, "entries", "*", ".tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestStoreCorruptEntryIsMiss(t *testing.T) {
	damage := map[string]func([]byte) []byte{
		"truncated":      func(b []byte) []byte { return b[:len(b)-3] },
		"header only":    func(b []byte) []byte { return b[:headerSize-1] },
		"flipped byte":   func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"flipped sum":    func(b []byte) []byte { b[len(magic)+12] ^= 1; return b },
		"flipped length": func(b []byte) []byte { b[len(magic)+11] ^= 1; return b },
		"last sum byte":  func(b []byte) []byte { b[headerSize-1] ^= 0x80; return b },
		"other version":  func(b []byte) []byte { b[len(magic)+3]++; return b },
		"not an entry":   func([]byte) []byte { return []byte("hello") },
		"empty":          func([]byte) []byte { return nil },
		"longer payload": func(b []byte) []byte { return append(b, 'x') },
	}
	for name, f := range damage {
		t.Run(name, func(t *testing.T) {
			s := openStore(t, DefaultMax)
			k := KeyOf([]byte(name))
			if err := s.Put(k, []byte("the result")); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(s.path(k))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.path(k), f(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if got, ok := s.Get(k); ok {
				t.Fatalf("damaged entry read as %q", got)
			}
			if _, err := os.Stat(s.path(k)); !os.IsNotExist(err) {
				t.Errorf("damaged entry not removed: %v", err)
			}
		})
	}
}

// Writers of one key racing each other and readers never leave or read a
// torn entry: every read is one writer's whole payload.
func TestStoreConcurrentWriters(t *testing.T) {
	s := openStore(t, DefaultMax)
	k := KeyOf([]byte("shared"))
	payload := func(i int) []byte { return bytes.Repeat([]byte{byte('a' + i)}, 64<<10) }
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for range 20 {
				if err := s.Put(k, payload(i)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for range 50 {
				got, ok := s.Get(k)
				if !ok {
					continue
				}
				if len(got) != 64<<10 || !bytes.Equal(got, bytes.Repeat(got[:1], len(got))) {
					t.Error("read a torn entry")
					return
				}
			}
		}()
	}
	wg.Wait()
	if _, ok := s.Get(k); !ok {
		t.Error("no entry after the writers")
	}
	left, _ := filepath.Glob(filepath.Join(s.dir, "entries", "*", ".tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// Past its bound the store drops the entries used least recently.
func TestStoreTrimDropsLeastRecentlyUsed(t *testing.T) {
	s := openStore(t, 400<<10)
	keys := make([]Key, 4)
	old := time.Now().Add(-3 * touchInterval)
	for i := range keys {
		keys[i] = KeyOf(fmt.Appendf(nil, "k%d", i))
		if err := s.Put(keys[i], bytes.Repeat([]byte{'x'}, 90<<10)); err != nil {
			t.Fatal(err)
		}
		at := old.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(s.path(keys[i]), at, at); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := s.Get(keys[0]); !ok { // used now: the most recent
		t.Fatal("miss")
	}
	if err := s.Put(KeyOf([]byte("new")), bytes.Repeat([]byte{'y'}, 90<<10)); err != nil {
		t.Fatal(err)
	}
	present := func(k Key) bool { _, err := os.Stat(s.path(k)); return err == nil }
	if !present(keys[0]) || !present(KeyOf([]byte("new"))) {
		t.Error("the entries used last were dropped")
	}
	if present(keys[1]) || present(keys[2]) {
		t.Error("the entries used least recently were kept")
	}
}

// An empty payload is stored and read back as one.
func TestStoreEmptyPayload(t *testing.T) {
	s := openStore(t, DefaultMax)
	k := KeyOf([]byte("empty"))
	if err := s.Put(k, nil); err != nil {
		t.Fatal(err)
	}
	if got, ok := s.Get(k); !ok || len(got) != 0 {
		t.Errorf("Get = %q, %v; want an empty payload", got, ok)
	}
}

// A hit marks an entry used now when its last mark is older than
// touchInterval, and leaves a recent mark as it is.
func TestStoreGetMarksStaleUse(t *testing.T) {
	s := openStore(t, DefaultMax)
	for _, c := range []struct {
		name  string
		age   time.Duration
		moved bool
	}{
		{"stale", touchInterval + time.Minute, true},
		{"recent", touchInterval - 5*time.Minute, false},
	} {
		k := KeyOf([]byte(c.name))
		if err := s.Put(k, []byte("the result")); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-c.age).Truncate(time.Second)
		if err := os.Chtimes(s.path(k), at, at); err != nil {
			t.Fatal(err)
		}
		if got, ok := s.Get(k); !ok || string(got) != "the result" {
			t.Fatalf("%s: Get = %q, %v", c.name, got, ok)
		}
		st, err := os.Stat(s.path(k))
		if err != nil {
			t.Fatal(err)
		}
		if moved := !st.ModTime().Equal(at); moved != c.moved {
			t.Errorf("%s entry: marked used now = %v, want %v", c.name, moved, c.moved)
		}
	}
}

// writeOld writes a file and dates it an hour back, so its stat is
// trusted (not racy).
func writeOld(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, at, at); err != nil {
		t.Fatal(err)
	}
}

func TestSnapshotSeesEveryChange(t *testing.T) {
	changes := map[string]func(t *testing.T, dir string){
		"size":          func(t *testing.T, dir string) { writeOld(t, filepath.Join(dir, "b.yaml"), "kind: Y2\n") },
		"new file":      func(t *testing.T, dir string) { writeOld(t, filepath.Join(dir, "a", "new.yaml"), "") },
		"deleted file":  func(t *testing.T, dir string) { _ = os.Remove(filepath.Join(dir, "b.yaml")) },
		"new directory": func(t *testing.T, dir string) { _ = os.Mkdir(filepath.Join(dir, "c"), 0o755) },
		"mode":          func(t *testing.T, dir string) { _ = os.Chmod(filepath.Join(dir, "b.yaml"), 0o600) },
		"symlink retargeted": func(t *testing.T, dir string) {
			_ = os.Remove(filepath.Join(dir, "link.yaml"))
			_ = os.Symlink("a/main.tf", filepath.Join(dir, "link.yaml"))
		},
		".git removed": func(t *testing.T, dir string) {
			_ = os.Remove(filepath.Join(dir, ".git", "HEAD"))
			_ = os.Remove(filepath.Join(dir, ".git"))
		},
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeOld(t, filepath.Join(dir, "a", "main.tf"), "resource A\n")
			writeOld(t, filepath.Join(dir, "b.yaml"), "kind: X\n")
			writeOld(t, filepath.Join(dir, ".git", "HEAD"), "ref\n")
			if err := os.Symlink("b.yaml", filepath.Join(dir, "link.yaml")); err != nil {
				t.Fatal(err)
			}
			first := Take([]string{dir}, nil, nil)
			outline := first.Outline()
			if again := Take([]string{dir}, nil, nil); !again.Same(first) || !again.Matches(outline) {
				t.Fatal("an unchanged tree differs from its snapshot")
			}
			change(t, dir)
			now := Take([]string{dir}, nil, nil)
			if now.Same(first) {
				t.Error("the change went unseen")
			}
			if now.Matches(outline) {
				t.Error("the change went unseen by the outline")
			}
		})
	}
}

// A snapshot's outline matches it again only with the same roots and
// kept directories and no unreadable entry.
func TestOutlineMatches(t *testing.T) {
	dir := t.TempDir()
	writeOld(t, filepath.Join(dir, "a", "main.tf"), "resource A\n")
	snap := Take([]string{dir}, nil, []string{filepath.Join(dir, "a")})
	o := snap.Outline()
	if !snap.Matches(o) {
		t.Fatal("a snapshot does not match its own outline")
	}
	other := snap
	other.Keep = nil
	if other.Matches(o) {
		t.Error("other kept directories match")
	}
	other = snap
	other.Roots = []string{dir, filepath.Join(dir, "a")}
	if other.Matches(o) {
		t.Error("other roots match")
	}
	other = snap
	other.Entries = append([]Entry(nil), snap.Entries...)
	other.Entries[len(other.Entries)-1].Err = "permission denied"
	if other.Matches(other.Outline()) {
		t.Error("a snapshot with an unreadable entry matches")
	}
	// Two fields whose texts run into each other are told apart.
	a, b := snap, snap
	a.Entries = []Entry{{Path: "/x/l", Kind: KindSymlink, Link: "ab", Real: "/c"}}
	b.Entries = []Entry{{Path: "/x/l", Kind: KindSymlink, Link: "a", Real: "b/c"}}
	if b.Matches(a.Outline()) {
		t.Error("entries whose fields run into each other match")
	}
}

// What lies inside .git is not part of the tree's shape.
func TestSnapshotSkipsGitContent(t *testing.T) {
	dir := t.TempDir()
	writeOld(t, filepath.Join(dir, ".git", "HEAD"), "ref\n")
	first := Take([]string{dir}, nil, nil)
	writeOld(t, filepath.Join(dir, ".git", "ORIG_HEAD"), "other\n")
	if !Take([]string{dir}, nil, nil).Same(first) {
		t.Error("a change inside .git made the tree differ")
	}
}

// record reads p as a run would and records it.
func record(t *testing.T, r *Reads, p string) {
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	r.Add(p, info, data)
}

// A read file that holds other bytes, is gone or changed size fails the
// check, whatever its stat says; one only touched passes, with its new
// stat to store.
func TestReadsCheck(t *testing.T) {
	// The files below change now; judge them as if an hour had passed
	// (a file's ctime cannot be set back), except the racy case.
	later := func() time.Time { return time.Now().Add(time.Hour) }
	clock = later
	defer func() { clock = time.Now }()
	setup := func(t *testing.T) (string, []Read) {
		dir := t.TempDir()
		p := filepath.Join(dir, "main.tf")
		writeOld(t, p, "resource A\n")
		r := NewReads()
		record(t, r, p)
		if r.Unstable() != "" {
			t.Fatal(r.Unstable())
		}
		reads := r.List()
		if len(reads) != 1 || reads[0].Racy {
			t.Fatalf("reads %+v: want one, not racy", reads)
		}
		return p, reads
	}
	t.Run("unchanged", func(t *testing.T) {
		_, reads := setup(t)
		if same, refreshed := Check(reads); !same || refreshed != nil {
			t.Errorf("Check = %v, %v", same, refreshed)
		}
	})
	t.Run("same size, mtime forged back", func(t *testing.T) {
		p, reads := setup(t)
		st, _ := os.Stat(p)
		if err := os.WriteFile(p, []byte("resource B\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, st.ModTime(), st.ModTime())
		if same, _ := Check(reads); same {
			t.Error("an edit with the same size and mtime went unseen")
		}
	})
	t.Run("deleted", func(t *testing.T) {
		p, reads := setup(t)
		_ = os.Remove(p)
		if same, _ := Check(reads); same {
			t.Error("a deleted file went unseen")
		}
	})
	t.Run("touched", func(t *testing.T) {
		p, reads := setup(t)
		writeOld(t, p, "resource A\n")
		now := time.Now().Add(-time.Minute)
		_ = os.Chtimes(p, now, now)
		same, refreshed := Check(reads)
		if !same || len(refreshed) != 1 || refreshed[0].Stat == reads[0].Stat {
			t.Errorf("Check = %v, %+v: want the same content with its new stat", same, refreshed)
		}
	})
	t.Run("racy", func(t *testing.T) {
		clock = time.Now
		defer func() { clock = later }()
		dir := t.TempDir()
		p := filepath.Join(dir, "main.tf")
		if err := os.WriteFile(p, []byte("one\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r := NewReads()
		record(t, r, p)
		reads := r.List()
		if !reads[0].Racy {
			t.Fatal("a file written just now is not racy")
		}
		st, _ := os.Stat(p)
		if err := os.WriteFile(p, []byte("two\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, st.ModTime(), st.ModTime())
		if same, _ := Check(reads); same {
			t.Error("a racy file's change went unseen")
		}
	})
	t.Run("two contents", func(t *testing.T) {
		p, _ := setup(t)
		r := NewReads()
		record(t, r, p)
		info, _ := os.Stat(p)
		r.Add(p, info, []byte("resource B\n"))
		if r.Unstable() == "" {
			t.Error("a file read with two contents is not unstable")
		}
	})
}

// setOld sets the modification time of every directory below dir to one
// time long past, as if the tree had been written long before the
// snapshot (the same time each call: a change it follows is seen by its
// own trace alone).
func setOld(t *testing.T, dir string) {
	t.Helper()
	at := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			err = os.Chtimes(p, at, at)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Unchanged vouches for a tree whose entries were neither added, removed,
// renamed nor retargeted since the snapshot, without listing it again; it
// sees every such change that a new Take sees, and declines (a new Take
// must tell) for a directory modified just before the snapshot, an entry
// it could not read, or a snapshot it did not take.
func TestSnapshotUnchanged(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "target.yaml")
	writeOld(t, outside, "kind: Outside\n")
	changes := map[string]func(t *testing.T, dir string){
		"new file":     func(t *testing.T, dir string) { writeOld(t, filepath.Join(dir, "a", "new.yaml"), "") },
		"deleted file": func(t *testing.T, dir string) { _ = os.Remove(filepath.Join(dir, "b.yaml")) },
		"renamed file": func(t *testing.T, dir string) {
			_ = os.Rename(filepath.Join(dir, "b.yaml"), filepath.Join(dir, "c.yaml"))
		},
		"new directory": func(t *testing.T, dir string) { _ = os.Mkdir(filepath.Join(dir, "a", "c"), 0o755) },
		"symlink retargeted": func(t *testing.T, dir string) {
			_ = os.Remove(filepath.Join(dir, "link.yaml"))
			_ = os.Symlink("a/main.tf", filepath.Join(dir, "link.yaml"))
			setOld(t, dir)
		},
		"outside target grew": func(t *testing.T, dir string) { writeOld(t, outside, "kind: Outside\nmore: yes\n") },
	}
	setup := func(t *testing.T) string {
		dir := t.TempDir()
		writeOld(t, filepath.Join(dir, "a", "main.tf"), "resource A\n")
		writeOld(t, filepath.Join(dir, "b.yaml"), "kind: X\n")
		writeOld(t, filepath.Join(dir, ".git", "HEAD"), "ref\n")
		if err := os.Symlink("b.yaml", filepath.Join(dir, "link.yaml")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, filepath.Join(dir, "out.yaml")); err != nil {
			t.Fatal(err)
		}
		setOld(t, dir)
		return dir
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			dir := setup(t)
			snap := Take([]string{dir}, nil, nil)
			first := snap.Outline()
			if !first.Unchanged() {
				t.Fatal("an unchanged tree was not vouched for")
			}
			change(t, dir)
			if first.Unchanged() {
				t.Error("the change went unseen")
			}
			if Take([]string{dir}, nil, nil).Same(snap) {
				t.Error("a new Take does not see the change either: the case proves nothing")
			}
		})
	}
	t.Run("written in place", func(t *testing.T) {
		dir := setup(t)
		first := Take([]string{dir}, nil, nil).Outline()
		writeOld(t, filepath.Join(dir, "b.yaml"), "kind: X2\n")
		writeOld(t, filepath.Join(dir, ".git", "ORIG_HEAD"), "other\n")
		if !first.Unchanged() {
			t.Error("a file written in place, or a file inside .git, was taken for a change of shape")
		}
	})
	t.Run("declines", func(t *testing.T) {
		dir := setup(t)
		if err := os.Chtimes(filepath.Join(dir, "a"), time.Now(), time.Now()); err != nil {
			t.Fatal(err)
		}
		if Take([]string{dir}, nil, nil).Outline().Unchanged() {
			t.Error("a directory modified just before the snapshot was vouched for")
		}
		setOld(t, dir)
		if err := os.Chmod(filepath.Join(dir, "a"), 0); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(filepath.Join(dir, "a"), 0o755)
		if os.Geteuid() != 0 && Take([]string{dir}, nil, nil).Outline().Unchanged() {
			t.Error("a snapshot holding an unreadable directory was vouched for")
		}
		_ = os.Chmod(filepath.Join(dir, "a"), 0o755)
		if (Snapshot{Roots: []string{dir}}).Outline().Unchanged() {
			t.Error("a snapshot Take did not take was vouched for")
		}
		if (Outline{Roots: []string{dir}, Readable: true}).Unchanged() {
			t.Error("an outline read back from a stored run was vouched for")
		}
	})
}

// TestStoreStage: a staged entry is on the disk but no entry until it is
// committed, the old entry staying readable meanwhile; committed it is
// what Put stores; discarded it leaves nothing; a payload past a quarter
// of the bound is not staged.
func TestStoreStage(t *testing.T) {
	s := openStore(t, 4<<20)
	k := KeyOf([]byte("staged"))
	if err := s.Put(k, []byte("old")); err != nil {
		t.Fatal(err)
	}
	payload := []byte("new payload")
	st, err := s.Stage(k, payload)
	if err != nil || st == nil {
		t.Fatalf("Stage = %v, %v", st, err)
	}
	copy(payload, "XXX") // the store kept none of it
	if got, ok := s.Get(k); !ok || string(got) != "old" {
		t.Fatalf("before the commit Get = %q, %v; want the old entry", got, ok)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, ok := s.Get(k); !ok || string(got) != "new payload" {
		t.Fatalf("after the commit Get = %q, %v", got, ok)
	}
	d, err := s.Stage(KeyOf([]byte("dropped")), []byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	d.Discard()
	if _, ok := s.Get(KeyOf([]byte("dropped"))); ok {
		t.Error("a discarded entry is stored")
	}
	var left []string
	_ = filepath.WalkDir(s.dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.Type().IsRegular() && strings.HasPrefix(e.Name(), ".tmp-") {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if big, err := s.Stage(KeyOf([]byte("big")), make([]byte, 1<<20+1)); big != nil || err != nil {
		t.Errorf("a payload past a quarter of the bound staged: %v, %v", big, err)
	}
	// A quarter of the bound exactly is stored, by Stage as by PutStream.
	quarter := make([]byte, 1<<20)
	if st, err := s.Stage(KeyOf([]byte("quarter")), quarter); st == nil || err != nil {
		t.Errorf("a payload of a quarter of the bound not staged: %v, %v", st, err)
	} else {
		st.Discard()
	}
	k4 := KeyOf([]byte("quarter stream"))
	if err := s.PutStream(k4, func(w io.Writer) error { _, err := w.Write(quarter); return err }); err != nil {
		t.Fatal(err)
	}
	if got, ok := s.Get(k4); !ok || len(got) != len(quarter) {
		t.Errorf("a streamed payload of a quarter of the bound: %d bytes, stored %v", len(got), ok)
	}
}

// A store makes each shard directory once, and again when the cache was
// cleared while it runs: a write after that is stored, not lost.
func TestStorePutAfterCacheCleared(t *testing.T) {
	s := openStore(t, DefaultMax)
	first, second := KeyOf([]byte("a")), KeyOf([]byte("b"))
	second[0] = first[0] // the same shard
	if err := s.Put(first, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(s.dir, "entries")); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(second, []byte("two")); err != nil {
		t.Fatalf("a write after the cache was cleared: %v", err)
	}
	if got, ok := s.Get(second); !ok || string(got) != "two" {
		t.Errorf("Get after the cache was cleared = %q, %v", got, ok)
	}
	if shards, _ := filepath.Glob(filepath.Join(s.dir, "entries", "*")); len(shards) != 1 || len(filepath.Base(shards[0])) != 1 {
		t.Errorf("shard directories %v, want one of one hex digit", shards)
	}
}
