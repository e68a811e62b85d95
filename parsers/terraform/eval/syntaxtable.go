package eval

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
)

// The stand-ins never change within a build, so their syntax trees are
// encoded at development time (StandInSyntax, written by
// scripts/standin-syntax to models/syntax.bin) and embedded: a run
// without a cache decodes a stand-in from that table instead of parsing
// it, and a run with one neither reads nor writes its cache for it. The
// table is addressed like a SyntaxCache (syntaxKey: the names and
// contents of a directory's files), so a stand-in edited without
// regenerating the table is simply not found and is parsed, or read back
// from the run's cache, as before; TestStandInSyntaxFresh fails until the
// table is regenerated.
//
// The table is
//
//	syntaxTableMagic, uvarint count, then count times:
//	  32-byte key, uvarint length, what encodeSyntax wrote for the directory
//
// in increasing key order, each key once.

// syntaxTableMagic opens a table.
const syntaxTableMagic = "faultline stand-in syntax 1\n"

// syntaxTable is a read-only SyntaxCache over an embedded table: each
// entry's bytes by key, none decoded until a stand-in asks for it.
type syntaxTable struct {
	entries map[[sha256.Size]byte]string
}

// LoadSyntax is a copy of the entry under key, if the table holds one (a
// nil table holds none).
func (t *syntaxTable) LoadSyntax(key [sha256.Size]byte) ([]byte, bool) {
	if t == nil {
		return nil, false
	}
	data, ok := t.entries[key]
	if !ok {
		return nil, false
	}
	return []byte(data), true
}

// KeepSyntax keeps nothing: the table is written at development time.
func (*syntaxTable) KeepSyntax([sha256.Size]byte, []byte) {}

// embeddedSyntax is the table embedded in this build, indexed on first
// use; nil (every stand-in parsed) when it does not read.
var embeddedSyntax = sync.OnceValue(func() *syntaxTable {
	t, err := indexSyntaxTable(models.SyntaxTable())
	if err != nil {
		return nil
	}
	return t
})

// indexSyntaxTable finds the entries of a table without decoding them.
func indexSyntaxTable(data string) (*syntaxTable, error) {
	entries, err := indexKeyed(data, syntaxTableMagic, "stand-in syntax table", func(r *tableReader) (string, bool) {
		return r.str()
	})
	if err != nil {
		return nil, err
	}
	return &syntaxTable{entries: entries}, nil
}

// StandInSyntax encodes the table of every directory of fsys holding
// configuration files (the stand-ins and the modules inside them): each
// parsed exactly as a run loads it, and encoded as a syntax cache keeps
// it. The same files give the same bytes. A directory that cannot be
// kept (a JSON file, a file that does not parse cleanly) is an error.
func StandInSyntax(fsys fs.FS) ([]byte, error) {
	dirs, err := standInDirs(fsys)
	if err != nil {
		return nil, err
	}
	entries := map[[sha256.Size]byte][]byte{}
	for _, dir := range dirs {
		rec := &recordSyntax{}
		loadEmbeddedModule(fsys, dir, nil, rec)
		if rec.data == nil {
			return nil, fmt.Errorf("stand-in %s: its syntax cannot be kept (a JSON file, or a file that does not parse cleanly)", dir)
		}
		entries[rec.key] = rec.data
	}
	keys := make([][sha256.Size]byte, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i][:], keys[j][:]) < 0 })
	out := []byte(syntaxTableMagic)
	out = binary.AppendUvarint(out, uint64(len(keys)))
	for _, k := range keys {
		out = append(out, k[:]...)
		out = binary.AppendUvarint(out, uint64(len(entries[k])))
		out = append(out, entries[k]...)
	}
	return out, nil
}

// standInDirs are the directories of fsys that hold configuration files
// loadEmbeddedModule reads, in walking order.
func standInDirs(fsys fs.FS) ([]string, error) {
	var dirs []string
	seen := map[string]bool{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !isConfigFile(d.Name()) || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		if dir := path.Dir(p); !seen[dir] {
			seen[dir] = true
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walking the stand-ins: %w", err)
	}
	return dirs, nil
}

// recordSyntax is a SyntaxCache that holds nothing and records the one
// entry it is offered.
type recordSyntax struct {
	key  [sha256.Size]byte
	data []byte
}

// LoadSyntax finds nothing.
func (*recordSyntax) LoadSyntax([sha256.Size]byte) ([]byte, bool) { return nil, false }

// KeepSyntax records the entry.
func (r *recordSyntax) KeepSyntax(key [sha256.Size]byte, data []byte) { r.key, r.data = key, data }
