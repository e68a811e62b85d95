package benchgen

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func digest(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = sha256.Sum256(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDeterministic(t *testing.T) {
	opts := Options{Teams: 7, ResourcesPerModule: 25}
	a, b := t.TempDir(), t.TempDir()
	sa, err := Generate(a, opts)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := Generate(b, opts)
	if err != nil {
		t.Fatal(err)
	}
	if sa.Bytes != sb.Bytes || sa.Resources != sb.Resources || sa.Modules != sb.Modules {
		t.Fatalf("stats differ: %+v vs %+v", sa, sb)
	}
	da, db := digest(t, a), digest(t, b)
	if len(da) != len(db) || len(da) != sa.Written() {
		t.Fatalf("files: %d and %d, stats say %d", len(da), len(db), sa.Written())
	}
	for p, h := range da {
		if db[p] != h {
			t.Errorf("%s differs between runs", p)
		}
	}
}

func TestShares(t *testing.T) {
	var got []int
	for i := 0; i < 60; i++ {
		if (Options{}).Shares(i) {
			got = append(got, i)
		}
	}
	if len(got) != 3 || got[0] != 19 || got[1] != 39 || got[2] != 59 {
		t.Errorf("default sharing teams %v, want [19 39 59] (5 %%)", got)
	}
	for i := 0; i < 10; i++ {
		if (Options{ShareEvery: -1}).Shares(i) {
			t.Errorf("ShareEvery -1: team %d shares", i)
		}
	}
	if _, err := Generate(t.TempDir(), Options{}); err == nil {
		t.Error("Teams 0: no error")
	}
}
