//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cache

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A file swapped for a FIFO or a symlink after its stat was checked hashes
// to nothing, at once: hashing never blocks on a pipe nor follows a link
// out of the tree.
func TestHashOfRefusesFIFOAndSymlink(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "values.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	secret := filepath.Join(dir, "outside")
	if err := os.WriteFile(secret, []byte("token"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "main.tf")
	if err := os.Symlink(secret, link); err != nil {
		t.Fatal(err)
	}
	done := make(chan [2]bool, 1)
	go func() {
		var zero [32]byte
		done <- [2]bool{hashOf(fifo, 5) == zero, hashOf(link, 5) == zero}
	}()
	select {
	case got := <-done:
		if !got[0] || !got[1] {
			t.Errorf("hashOf gave a hash for a FIFO (%v) or a symlink (%v)", !got[0], !got[1])
		}
	case <-time.After(10 * time.Second):
		t.Fatal("hashOf blocked on a FIFO")
	}
}
