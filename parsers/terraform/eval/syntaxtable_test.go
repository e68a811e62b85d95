package eval

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

// regenerate is the command that rewrites the embedded table.
const regenerate = "go run -tags devtools ./scripts/standin-syntax"

// The embedded table is the one the stand-ins and this build's encoder
// give: a stand-in or internal/hclwire edited without regenerating it
// fails here.
func TestStandInSyntaxFresh(t *testing.T) {
	want, err := StandInSyntax(models.FS)
	if err != nil {
		t.Fatal(err)
	}
	if got := models.SyntaxTable(); !bytes.Equal([]byte(got), want) {
		t.Fatalf("parsers/terraform/models/syntax.bin is stale (%d bytes, %d when regenerated): run %s from the repository's root", len(got), len(want), regenerate)
	}
}

// standInKey is the key of a stand-in directory's files as a run reads
// them.
func standInKey(t *testing.T, dir string) [sha256.Size]byte {
	t.Helper()
	rec := &recordSyntax{}
	loadEmbeddedModule(models.FS, dir, nil, rec)
	if rec.data == nil {
		t.Fatalf("%s: not keyed", dir)
	}
	return rec.key
}

// Every stand-in directory, the ones the index finds and the modules
// inside them, is decoded from the embedded table, exactly as parsed,
// and the run's cache is neither read nor written for it.
func TestStandInSyntaxEmbedded(t *testing.T) {
	table := embeddedSyntax()
	if table == nil {
		t.Fatalf("the embedded table does not read: run %s", regenerate)
	}
	dirs, err := standInDirs(models.FS)
	if err != nil {
		t.Fatal(err)
	}
	indexed := map[string]bool{}
	for _, ds := range modsource.BuildModelIndex(models.FS) {
		for _, d := range ds {
			indexed[d.Dir] = true
		}
	}
	for _, dir := range dirs {
		delete(indexed, dir)
		if _, ok := table.LoadSyntax(standInKey(t, dir)); !ok {
			t.Errorf("%s is not in the embedded table: run %s", dir, regenerate)
			continue
		}
		c := newMapSyntax()
		got := loadEmbeddedModule(models.FS, dir, table, c)
		if c.loads != 0 || c.keeps != 0 {
			t.Errorf("%s: the run's cache was used (%d read back, %d kept); want the table alone", dir, c.loads, c.keeps)
		}
		sameModule(t, dir, got, loadEmbeddedModule(models.FS, dir, nil, nil))
	}
	if len(indexed) > 0 {
		t.Errorf("stand-in directories not walked: %v", indexed)
	}
}

// A table entry that does not decode, or a stand-in the table does not
// hold, is parsed as without the table: kept in the run's cache, and read
// back from it after.
func TestStandInSyntaxDamagedOrMissing(t *testing.T) {
	const dir = "terraform-aws-modules/eks/aws/_root/v20.0.0"
	parsed := loadEmbeddedModule(models.FS, dir, nil, nil)
	key := standInKey(t, dir)
	data, ok := embeddedSyntax().LoadSyntax(key)
	if !ok {
		t.Fatalf("%s is not in the embedded table", dir)
	}
	tables := map[string]*syntaxTable{
		"damaged": {entries: map[[sha256.Size]byte]string{key: string(data[:len(data)/2])}},
		"missing": {entries: map[[sha256.Size]byte]string{}},
	}
	for what, table := range tables {
		c := newMapSyntax()
		sameModule(t, what, loadEmbeddedModule(models.FS, dir, table, c), parsed)
		if c.keeps != 1 || c.loads != 0 {
			t.Errorf("%s: %d kept, %d read back; want 1, 0", what, c.keeps, c.loads)
		}
		sameModule(t, what+", again", loadEmbeddedModule(models.FS, dir, table, c), parsed)
		if c.keeps != 1 || c.loads != 1 {
			t.Errorf("%s, again: %d kept, %d read back; want 1, 1", what, c.keeps, c.loads)
		}
	}
}

// A table is indexed whole or refused: truncated, lengthened or of
// another kind, it does not read.
func TestSyntaxTableIndex(t *testing.T) {
	real := models.SyntaxTable()
	table, err := indexSyntaxTable(real)
	if err != nil {
		t.Fatal(err)
	}
	if len(table.entries) == 0 {
		t.Fatal("an empty table")
	}
	for what, data := range map[string]string{
		"truncated":    real[:len(real)-1],
		"cut in a key": real[:len(syntaxTableMagic)+10],
		"lengthened":   real + "x",
		"another":      "faultline stand-in syntax 0\n" + real[len(syntaxTableMagic):],
		"empty":        "",
	} {
		if _, err := indexSyntaxTable(data); err == nil {
			t.Errorf("%s: indexed", what)
		}
	}
}
