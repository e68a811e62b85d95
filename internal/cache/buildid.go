package cache

import (
	"bytes"
	"debug/elf"
	"io"
	"os"
	"strings"
)

// ExecutableID identifies an executable's build: the Go build ID the Go
// linker wrote into it when it has one (its last part hashes the
// binary's content, so a rebuilt binary with other code has another),
// else the hash of its content (FileID). Reading the build ID costs a
// few reads; hashing two executables of 50 MB cost 60–70 ms of every
// run that filled an empty cache.
func (s *Store) ExecutableID(path string) (string, error) {
	if id, ok := goBuildID(path); ok {
		return "go build " + id, nil
	}
	return s.FileID(path)
}

// buildIDMarker starts the build ID the Go linker writes near the start
// of the text of a Mach-O or PE executable; an ELF executable holds it in
// the note section goBuildIDNote.
const (
	buildIDMarker = "\xff Go build ID: \""
	buildIDEnd    = "\"\n \xff"
	goBuildIDNote = ".note.go.buildid"
	// buildIDSearch bounds how far into a non-ELF file the marker is
	// looked for (Go's own reader looks as far).
	buildIDSearch = 32 << 10
)

// goBuildID is the Go build ID of the executable at path; false when it
// has none with a content part (built with -buildid= , or not by Go).
func goBuildID(path string) (string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var id string
	if ef, err := elf.NewFile(f); err == nil {
		id = elfBuildID(ef)
	} else {
		head := make([]byte, buildIDSearch)
		n, _ := io.ReadFull(f, head)
		id = markedBuildID(head[:n])
	}
	// actionID/contentID (or four parts): the last is the content's.
	if i := strings.LastIndexByte(id, '/'); i <= 0 || i == len(id)-1 {
		return "", false
	}
	return id, true
}

// elfBuildID is the build ID in an ELF file's Go note, "" without one.
func elfBuildID(ef *elf.File) string {
	sec := ef.Section(goBuildIDNote)
	if sec == nil || sec.Size > 4<<10 {
		return ""
	}
	data, err := sec.Data()
	if err != nil || len(data) < 12 {
		return ""
	}
	order := ef.ByteOrder
	nameSize, descSize, kind := order.Uint32(data), order.Uint32(data[4:]), order.Uint32(data[8:])
	nameEnd := 12 + uint64(nameSize)
	descStart := 12 + (uint64(nameSize)+3)&^3
	if kind != 4 || nameEnd > uint64(len(data)) || descStart+uint64(descSize) > uint64(len(data)) {
		return ""
	}
	if name := strings.TrimRight(string(data[12:nameEnd]), "\x00"); name != "Go" {
		return ""
	}
	return string(data[descStart : descStart+uint64(descSize)])
}

// markedBuildID is the build ID between buildIDMarker and buildIDEnd in
// head, "" without one.
func markedBuildID(head []byte) string {
	i := bytes.Index(head, []byte(buildIDMarker))
	if i < 0 {
		return ""
	}
	rest := head[i+len(buildIDMarker):]
	j := bytes.Index(rest, []byte(buildIDEnd))
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}
