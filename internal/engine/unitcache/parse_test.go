package unitcache

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// A parse kept by one run is, in the next, what parsing the file again
// gives — entities, diagnostics, notes and documents, equal in every
// field — for every YAML file of the kube parser's and the rules' test
// data; a file holding a sentinel is never kept; an entry that does not
// decode is a miss.
func TestKeptParsesRoundTrip(t *testing.T) {
	var files []string
	for _, dir := range []string{filepath.Join("..", "..", "..", "parsers", "kube", "testdata"), filepath.Join("..", "..", "..", "rules", "testdata")} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 200 {
		t.Fatalf("only %d YAML files: the test proves nothing", len(files))
	}
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	tree := treefs.New([]string{t.TempDir()}, "")
	scope := lint.Scope{Account: "111122223333", Region: "eu-west-1"}
	type parsed struct {
		ents  []lint.Entity
		diags []lint.Diagnostic
		notes []lint.Note
		docs  any
	}
	parse := func(u *Units, name string, data []byte) parsed {
		var p parsed
		opts := kube.Options{Scope: scope, Notes: func(n lint.Note) { p.notes = append(p.notes, n) }, Templates: true}
		docs := []any(nil)
		ents, diags, d := u.ParseDocs(name, data, opts)
		p.ents, p.diags = ents, diags
		if d != nil {
			docs = append(docs, d)
		}
		p.docs = docs
		return p
	}
	first := unitsFor(store, tree)
	want := map[string]parsed{}
	withContent := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want[f] = parse(first, f, data)
		if len(want[f].ents)+len(want[f].diags)+len(want[f].notes) > 0 {
			withContent++
		}
	}
	first.FlushParses()
	first.Flush()
	if withContent < 100 {
		t.Fatalf("only %d files gave entities, diagnostics or notes", withContent)
	}
	second := unitsFor(store, tree)
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if got := parse(second, f, data); !reflect.DeepEqual(got, want[f]) {
			t.Errorf("%s: kept parse differs:\n%+v\nwant\n%+v", f, got, want[f])
		}
	}
	if r := second.Done(); r.ParsesKept != len(files) || r.ParsesMade != 0 {
		t.Errorf("second run: %d kept, %d parsed; want %d kept", r.ParsesKept, r.ParsesMade, len(files))
	}

	// A sentinel's meaning is the run's: never kept.
	holes := lint.NewHoles()
	withHole := []byte("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " + holes.Sentinel(lint.HoleRef{Object: "aws_iam_role.r", Path: "name"}) + "\n")
	if _, ok := second.parseKey("h.yaml", scope, withHole); ok {
		t.Error("a text holding a sentinel has a key")
	}

	// A garbled pack is a miss: the parse is made again.
	third := unitsFor(store, tree)
	if err := store.Put(third.packKey(parsePackKind), []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	if got := parse(third, files[0], mustRead(t, files[0])); !reflect.DeepEqual(got, want[files[0]]) {
		t.Errorf("after a garbled entry: %+v, want %+v", got, want[files[0]])
	}
	if r := third.Done(); r.ParsesMade != 1 {
		t.Errorf("garbled pack: %d parsed, want 1", r.ParsesMade)
	}
	// And so is a garbled entry of its own.
	third.FlushParses() // one parse apart from no pack: a pack of one
	fourth := unitsFor(store, tree)
	if err := store.Put(fourth.packKey(parsePackKind), []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	key, _ := fourth.parseKey(files[1], scope, mustRead(t, files[1]))
	if err := store.Put(key, []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	if got := parse(fourth, files[1], mustRead(t, files[1])); !reflect.DeepEqual(got, want[files[1]]) {
		t.Errorf("after a garbled entry: %+v, want %+v", got, want[files[1]])
	}
	if r := fourth.Done(); r.ParsesMade != 1 {
		t.Errorf("garbled entry: %d parsed, want 1", r.ParsesMade)
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A parse is written when the manifests stage ends (FlushParses), not
// held for the end of the run: another run reads it back before the
// first one flushes, equal in every field, and the first counts it
// written.
func TestKeptParseWrittenAtStageEnd(t *testing.T) {
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	tree := treefs.New([]string{t.TempDir()}, "")
	data := []byte("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: api\n  namespace: prod\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/api\n---\nkind: [\n")
	opts := kube.Options{Scope: lint.Scope{Account: "111122223333"}, Notes: func(lint.Note) {}, Templates: true}
	first := unitsFor(store, tree)
	ents, diags, docs := first.ParseDocs("k8s/sa.yaml", data, opts)
	if len(ents) == 0 || len(diags) == 0 {
		t.Fatalf("parsed %d entities, %d diagnostics: the test proves nothing", len(ents), len(diags))
	}
	first.FlushParses()
	if r := first.Done(); r.ParsesMade != 1 || r.Stored != 1 || r.ParsePacks != 1 {
		t.Errorf("first: %s; want 1 parsed and written (as a pack) before the flush", r)
	}
	second := unitsFor(store, tree)
	gotEnts, gotDiags, gotDocs := second.ParseDocs("k8s/sa.yaml", data, opts)
	if !reflect.DeepEqual(gotEnts, ents) || !reflect.DeepEqual(gotDiags, diags) || !reflect.DeepEqual(gotDocs, docs) {
		t.Errorf("kept parse differs:\n%+v %+v\nwant\n%+v %+v", gotEnts, gotDiags, ents, diags)
	}
	if r := second.Done(); r.ParsesKept != 1 || r.ParsesMade != 0 {
		t.Errorf("second: %s; want the parse kept", r)
	}
}

// A run after an edit reads the tree's parses from the pack; a parse
// made then is written on its own and the pack stays, until the parses
// apart from it are an eighth of those used: then the pack is written
// again with all of them. Every parse taken back is the one made.
func TestParsePackKeepsEditsApart(t *testing.T) {
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	tree := treefs.New([]string{t.TempDir()}, "")
	opts := kube.Options{Scope: lint.Scope{Account: "111122223333"}, Notes: func(lint.Note) {}, Templates: true}
	const n = 16
	text := func(i, version int) []byte {
		return []byte(fmt.Sprintf("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: app-%d\n  namespace: team-%d\n", i, version))
	}
	versions := make([]int, n)
	run := func(what string, wantKept, wantMade, wantPacks int) {
		t.Helper()
		u := unitsFor(store, tree)
		for i := range n {
			name := fmt.Sprintf("k8s/app-%d.yaml", i)
			ents, _, _ := u.ParseDocs(name, text(i, versions[i]), opts)
			fresh, _, _ := kube.ParseDocs(name, text(i, versions[i]), opts)
			if !reflect.DeepEqual(ents, fresh) {
				t.Errorf("%s: %s: entities differ from a fresh parse", what, name)
			}
		}
		u.FlushParses()
		if r := u.Done(); r.ParsesKept != wantKept || r.ParsesMade != wantMade || r.ParsePacks != wantPacks {
			t.Errorf("%s: %s; want %d kept, %d parsed, %d packs written", what, r, wantKept, wantMade, wantPacks)
		}
	}
	run("cold", 0, n, 1)
	run("unchanged", n, 0, 0)
	versions[3] = 1
	run("one file edited", n-1, 1, 0) // 1 apart of 16: written on its own
	run("the edit kept apart", n, 0, 0)
	versions[5] = 1
	run("a second file edited", n-1, 1, 1) // 2 apart of 16: an eighth
	run("after the pack was written again", n, 0, 0)
}
