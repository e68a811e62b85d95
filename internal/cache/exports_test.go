package cache

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// An export is written once and used again by the next run; a failed one
// leaves nothing; beyond maxExports the least recently used go.
func TestExport(t *testing.T) {
	s, err := Open(t.TempDir(), DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	writes := 0
	write := func(dir string) error {
		writes++
		return os.WriteFile(filepath.Join(dir, "main.tf"), []byte("x"), 0o644)
	}
	commit := func(n int) string { return fmt.Sprintf("%040x", n) }
	a, err := s.Export(commit(1), write)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Export(commit(1), write)
	if err != nil || a != b || writes != 1 {
		t.Fatalf("second export of one commit: %s %v, %d writes; want %s and 1 write", b, err, writes, a)
	}
	if _, err := os.Stat(filepath.Join(a, "main.tf")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Export(commit(2), func(string) error { return errors.New("git failed") }); err == nil {
		t.Fatal("a failed export gave a directory")
	}
	if _, err := os.Stat(filepath.Join(s.dir, "exports", commit(2))); !os.IsNotExist(err) {
		t.Errorf("a failed export left %v", err)
	}
	if _, err := s.Export("../../etc", write); err == nil {
		t.Error("a name that is no commit ID was exported")
	}
	for n := 3; n < 3+maxExports+1; n++ {
		if _, err := s.Export(commit(n), write); err != nil {
			t.Fatal(err)
		}
	}
	ents, err := os.ReadDir(filepath.Join(s.dir, "exports"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != maxExports {
		t.Errorf("%d exports kept, want %d", len(ents), maxExports)
	}
}
