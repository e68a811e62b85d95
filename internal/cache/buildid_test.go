package cache

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A Go executable is identified by the build ID its linker wrote, the
// one `go tool buildid` prints, without hashing the file.
func TestExecutableIDIsGoBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	id, ok := goBuildID(exe)
	if !ok {
		t.Fatalf("no Go build ID in %s", exe)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Fatalf("go tool buildid: %v", err)
	}
	if want := strings.TrimSpace(string(out)); id != want {
		t.Errorf("build ID %q, want %q (go tool buildid)", id, want)
	}
	s := openStore(t, DefaultMax)
	if got, err := s.ExecutableID(exe); err != nil || got != "go build "+id {
		t.Errorf("ExecutableID = %q, %v; want the build ID", got, err)
	}
}

// A file without a Go build ID is identified by its content.
func TestExecutableIDWithoutBuildIDHashes(t *testing.T) {
	s := openStore(t, DefaultMax)
	p := filepath.Join(t.TempDir(), "tool")
	ids := map[string]bool{}
	for _, content := range []string{"#!/bin/sh\necho one\n", "#!/bin/sh\necho two\n", "\xff Go build ID: \"no-content-part\"\n \xff"} {
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
		id, err := s.ExecutableID(p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.FileID(p)
		if err != nil || id != want {
			t.Errorf("%q: ExecutableID %q, want the content's hash %q (%v)", content, id, want, err)
		}
		ids[id] = true
	}
	if len(ids) != 3 {
		t.Errorf("three contents gave %d identities", len(ids))
	}
}

// The build ID a Mach-O or PE executable holds near its start is found
// between its markers.
func TestMarkedBuildID(t *testing.T) {
	head := []byte("\x00\x00junk" + buildIDMarker + "abc/def" + buildIDEnd + "more")
	if got := markedBuildID(head); got != "abc/def" {
		t.Errorf("markedBuildID = %q, want abc/def", got)
	}
	for _, h := range []string{"no marker here", buildIDMarker + "unterminated"} {
		if got := markedBuildID([]byte(h)); got != "" {
			t.Errorf("%q: markedBuildID = %q, want none", h, got)
		}
	}
}
