package yamlwire

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/wire"
	"github.com/faultline-dev/faultline/parsers/kube"
	"go.yaml.in/yaml/v3"
)

// The encoding writes every field of yaml.Node by name: a field added by
// a new yaml.v3 would be lost in the cache, so it must fail here first.
func TestEveryNodeFieldIsWritten(t *testing.T) {
	var names []string
	t0 := reflect.TypeFor[yaml.Node]()
	for i := range t0.NumField() {
		names = append(names, t0.Field(i).Name)
	}
	want := []string{"Kind", "Style", "Tag", "Value", "Anchor", "Alias", "Content", "HeadComment", "LineComment", "FootComment", "Line", "Column"}
	if !slices.Equal(names, want) {
		t.Fatalf("yaml.Node fields are %v; the encoding writes %v", names, want)
	}
}

// yamlFixtures are the YAML files of the repository's test data and
// examples, decoded as the engine decodes them.
func yamlFixtures(t *testing.T) map[string]Docs {
	t.Helper()
	out := map[string]Docs{}
	for _, dir := range []string{"../../parsers/kube/testdata", "../../rules/testdata", "../../examples", "../../internal/engine/testdata"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if docs, ok := kube.Decode(data); ok {
				out[p] = docs
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) < 200 {
		t.Fatalf("only %d YAML fixtures decode; the round trip needs a broad sample", len(out))
	}
	return out
}

func roundTrip(t *testing.T, docs Docs) Docs {
	t.Helper()
	data, err := docs.AppendBinary([]byte("prefix"))
	if err != nil {
		t.Fatal(err)
	}
	if string(data[:6]) != "prefix" {
		t.Fatal("AppendBinary did not append")
	}
	var got Docs
	if err := got.GobDecode(data[6:]); err != nil {
		t.Fatal(err)
	}
	return got
}

// preorder lists the nodes of docs as the encoding numbers them.
func preorder(docs Docs) []*yaml.Node {
	var out []*yaml.Node
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		out = append(out, n)
		for _, c := range n.Content {
			walk(c)
		}
	}
	for _, n := range docs {
		walk(n)
	}
	return out
}

func TestRoundTripEveryFixture(t *testing.T) {
	aliases := 0
	for name, docs := range yamlFixtures(t) {
		got := roundTrip(t, docs)
		if !reflect.DeepEqual(got, docs) {
			t.Fatalf("%s: decoded documents differ from the parse", name)
		}
		// An alias names the very node decoded at its target's place,
		// not a copy of it.
		want, have := preorder(docs), preorder(got)
		at := map[*yaml.Node]int{}
		for i, n := range want {
			at[n] = i
		}
		for i, n := range want {
			if n.Alias != nil {
				aliases++
				if have[i].Alias != have[at[n.Alias]] {
					t.Fatalf("%s: alias at line %d decoded as a copy", name, n.Line)
				}
			}
		}
	}
	if aliases == 0 {
		t.Fatal("no fixture holds an alias; TestAliasesAndComments covers them")
	}
}

func TestAliasesAndComments(t *testing.T) {
	src := "# head\nbase: &b {cpu: 1} # line\nuse: *b\nlist: []\nempty: {}\nq: 'x'\n---\n# foot\n"
	docs, ok := kube.Decode([]byte(src))
	if !ok {
		t.Fatal("fixture does not decode")
	}
	got := roundTrip(t, docs)
	if !reflect.DeepEqual(got, Docs(docs)) {
		t.Fatal("decoded documents differ")
	}
	use := got[0].Content[0].Content[3]
	if use.Kind != yaml.AliasNode || use.Alias != got[0].Content[0].Content[1] {
		t.Fatalf("alias not shared: %+v", use)
	}
	var nilDocs Docs
	if back := roundTrip(t, nilDocs); back != nil {
		t.Fatalf("nil documents decoded as %#v", back)
	}
	if back := roundTrip(t, Docs{}); back == nil || len(back) != 0 {
		t.Fatalf("no documents decoded as %#v", back)
	}
}

func TestNotATreeIsAnError(t *testing.T) {
	leaf := &yaml.Node{Kind: yaml.ScalarNode, Value: "x"}
	shared := Docs{{Kind: yaml.SequenceNode, Content: []*yaml.Node{leaf, leaf}}}
	if _, err := shared.AppendBinary(nil); err == nil {
		t.Fatal("a node reached twice was encoded")
	}
	outside := Docs{{Kind: yaml.AliasNode, Alias: leaf}}
	if _, err := outside.AppendBinary(nil); err == nil {
		t.Fatal("an alias to a node outside the documents was encoded")
	}
	if _, err := (&Docs{nil}).AppendBinary(nil); err == nil {
		t.Fatal("a nil document was encoded")
	}
}

// Through internal/wire, Docs inside a cache entry is written by its own
// encoding and read back equal.
func TestThroughWire(t *testing.T) {
	type entry struct {
		Name string
		Docs Docs
		More Docs
	}
	docs, _ := kube.Decode([]byte("a: 1\nb: [x, y]\n"))
	in := entry{Name: "n", Docs: docs}
	c := wire.New()
	data, err := c.Append(nil, &in)
	if err != nil {
		t.Fatal(err)
	}
	var out entry
	if rest, err := c.Decode(data, &out); err != nil || len(rest) != 0 {
		t.Fatalf("decode: %v, %d bytes left", err, len(rest))
	}
	if !reflect.DeepEqual(out, in) {
		t.Fatalf("got %+v, want %+v", out, in)
	}
}

// Every truncation of an encoding and every byte changed is an error or
// other documents, never a panic.
func TestMalformedNeverPanics(t *testing.T) {
	docs, _ := kube.Decode([]byte("a: &x 1\nb: *x\nc: [1, {d: e}]\n"))
	data, err := Docs(docs).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		var d Docs
		if err := d.GobDecode(data[:i]); err == nil {
			t.Fatalf("a truncation to %d of %d bytes decoded", i, len(data))
		}
		for _, b := range []byte{0, 1, 0x7f, 0xff} {
			bad := slices.Clone(data)
			bad[i] = b
			_ = d.GobDecode(bad)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, src := range []string{"a: 1\n", "- &a x\n- *a\n", "{}\n---\n[]\n"} {
		docs, _ := kube.Decode([]byte(src))
		data, _ := Docs(docs).AppendBinary(nil)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Docs
		if d.GobDecode(data) != nil {
			return
		}
		// What decodes encodes again to the same documents.
		again, err := d.AppendBinary(nil)
		if err != nil {
			return
		}
		var e Docs
		if err := e.GobDecode(again); err != nil || !reflect.DeepEqual(e, d) {
			t.Fatalf("re-encoding changed the documents: %v", err)
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	src := strings.Repeat("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: {a: b, c: d}\ndata:\n  key: |\n    some text\n  other: value\n---\n", 200)
	docs, _ := kube.Decode([]byte(src))
	enc, _ := Docs(docs).AppendBinary(nil)
	b.SetBytes(int64(len(src)))
	b.Run("yaml", func(b *testing.B) {
		for b.Loop() {
			kube.Decode([]byte(src))
		}
	})
	b.Run("yamlwire", func(b *testing.B) {
		for b.Loop() {
			var d Docs
			_ = d.GobDecode(enc)
		}
	})
	b.Run("wire", func(b *testing.B) {
		c := wire.New()
		plain := []*yaml.Node(docs)
		p, _ := c.Append(nil, &plain)
		for b.Loop() {
			var d []*yaml.Node
			_, _ = c.Decode(p, &d)
		}
	})
}
