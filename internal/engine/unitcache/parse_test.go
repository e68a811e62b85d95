package unitcache

import (
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

	// Garbled entries are misses, parsed again.
	third := unitsFor(store, tree)
	key, _ := third.parseKey(files[0], scope, mustRead(t, files[0]))
	if err := store.Put(key, []byte("garbage")); err != nil {
		t.Fatal(err)
	}
	if got := parse(third, files[0], mustRead(t, files[0])); !reflect.DeepEqual(got, want[files[0]]) {
		t.Errorf("after a garbled entry: %+v, want %+v", got, want[files[0]])
	}
	if r := third.Done(); r.ParsesMade != 1 {
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

// A parse is written as soon as it is made, not held for the end of the
// run: another run reads it back before the first one flushes, equal in
// every field, and the first counts it written.
func TestKeptParseWrittenAtOnce(t *testing.T) {
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
	if r := first.Done(); r.ParsesMade != 1 || r.Stored != 1 {
		t.Errorf("first: %s; want 1 parsed and written before the flush", r)
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
