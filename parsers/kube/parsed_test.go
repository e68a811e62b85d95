package kube

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// decodeAll parses data the way a renderer hands its documents to
// Options.Parsed; false when it does not parse whole.
func decodeAll(data []byte) ([]*yaml.Node, bool) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*yaml.Node
	for {
		var d yaml.Node
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			return docs, true
		}
		if err != nil {
			return nil, false
		}
		docs = append(docs, &d)
	}
}

// Reading documents already parsed gives what decoding the text gives:
// the same entities, diagnostics and mapped ranges, for every test file
// that parses whole.
func TestParsedDocumentsReadAsText(t *testing.T) {
	files, err := filepath.Glob("testdata/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mapped := func(r lint.Range, text string) lint.Range {
		r.File = "source.yaml"
		r.Line += len(text)
		return r
	}
	read := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs, ok := decodeAll(data)
		if !ok {
			continue
		}
		read++
		opts := Options{Source: lint.SourceKustomize, MapRange: mapped}
		wantEnts, wantDiags := Parse(f, data, opts)
		opts.Parsed = docs
		gotEnts, gotDiags := Parse(f, data, opts)
		if !reflect.DeepEqual(gotEnts, wantEnts) || !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Errorf("%s: from parsed documents\n%+v %v\nfrom text\n%+v %v", f, gotEnts, gotDiags, wantEnts, wantDiags)
		}
	}
	if read < 10 {
		t.Fatalf("only %d test files parse whole", read)
	}
}

// Parsed documents are what is read (the text is not decoded again),
// except when a document of the text nests too deep: then the text is
// decoded with that document blanked, as without them.
func TestParsedDocumentsAreRead(t *testing.T) {
	sa := func(name string) string {
		return "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " + name + "\n"
	}
	names := func(ents []lint.Entity) []string {
		var out []string
		for _, e := range ents {
			out = append(out, e.Base().Name.String())
		}
		return out
	}
	docs, _ := decodeAll([]byte(sa("parsed")))
	got, _ := Parse("m.yaml", []byte(sa("text")), Options{Parsed: docs})
	if n := names(got); len(n) != 1 || n[0] != "parsed" {
		t.Errorf("names = %v, want the parsed document's", n)
	}
	deep := sa("text") + "---\ndata:\n  a: " + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + "\n"
	got, diags := Parse("m.yaml", []byte(deep), Options{Parsed: docs})
	want, wantDiags := Parse("m.yaml", []byte(deep), Options{})
	if !reflect.DeepEqual(names(got), names(want)) || !reflect.DeepEqual(diags, wantDiags) || len(wantDiags) == 0 {
		t.Errorf("too deep: %v %v, want %v %v", names(got), diags, names(want), wantDiags)
	}
}

// ParseDocs hands on the documents it read exactly when the text parsed
// whole: equal to decoding it, and nil after a syntax error, a document
// nested too deep, a template placeholder or an oversized file.
func TestParseDocsHandsOnWholeFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := decodeAll(data)
		_, _, got := ParseDocs(f, data, Options{})
		if ok != (got != nil) || ok && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: parses whole: %v, handed on %d documents (want %d)", f, ok, len(got), len(want))
		}
	}
	for name, text := range map[string]string{
		"syntax error": "kind: ServiceAccount\n---\nkind: [\n",
		"too deep":     "kind: ServiceAccount\n---\na: " + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + "\n",
		"placeholder":  "kind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}\n  x: [\n",
		"too large":    strings.Repeat("#", MaxFileSize+1),
	} {
		if _, _, docs := ParseDocs("m.yaml", []byte(text), Options{Templates: true, Notes: func(lint.Note) {}}); docs != nil {
			t.Errorf("%s: handed on %d documents", name, len(docs))
		}
	}
}

// Compositions read from a file's parsed documents compose what they
// compose from its text.
func TestCompositionsFromParsedDocuments(t *testing.T) {
	paths, _ := filepath.Glob("testdata/crossplane/*.yaml")
	var text, parsed []File
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, File{Rel: p, Data: data})
		_, _, docs := ParseDocs(p, data, Options{})
		parsed = append(parsed, File{Rel: p, Data: data, Parsed: docs})
	}
	want, wantDiags := RenderCompositions(text, Options{})
	got, gotDiags := RenderCompositions(parsed, Options{})
	if len(want) == 0 {
		t.Fatal("the test files compose nothing")
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("from parsed documents %d entities %v, from text %d %v", len(got), gotDiags, len(want), wantDiags)
	}
}

// Compositions read the parsed documents, not the text: a claim renamed in
// its parsed documents only composes under the new name.
func TestCompositionsReadParsedDocuments(t *testing.T) {
	paths, _ := filepath.Glob("testdata/crossplane/*.yaml")
	var files []File
	renamed := false
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		_, _, docs := ParseDocs(p, data, Options{})
		if filepath.Base(p) == "claims.yaml" && len(docs) > 0 {
			if md := mapValue(docs[0].Content[0], "metadata"); md != nil {
				if n := mapValue(md, "name"); n != nil {
					n.Value, renamed = "renamed-in-parse", true
				}
			}
		}
		files = append(files, File{Rel: p, Data: data, Parsed: docs})
	}
	if !renamed {
		t.Fatal("claims.yaml has no metadata.name to rename")
	}
	ents, _ := RenderCompositions(files, Options{})
	found := false
	for _, e := range ents {
		if strings.Contains(e.Base().Label, "renamed-in-parse") || strings.Contains(e.Base().Addr, "renamed-in-parse") {
			found = true
		}
	}
	if !found {
		t.Errorf("no composed entity names the renamed claim: the text was read again (%d entities)", len(ents))
	}
}

func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// Decode gives the documents ParseDocs reads, and declines exactly the
// files whose documents ParseDocs does not give (too deep, too large, not
// parsing whole), for every test file and three built to decline.
func TestDecodeGivesWhatParseDocsReads(t *testing.T) {
	files, err := filepath.Glob("testdata/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{
		"deep":   []byte("a: " + strings.Repeat("[", 200) + strings.Repeat("]", 200) + "\n"),
		"broken": []byte("kind: ConfigMap\n---\nkind: [\n"),
		"large":  append([]byte("a: "), bytes.Repeat([]byte("x"), MaxFileSize)...),
	}
	for _, f := range files {
		if inputs[f], err = os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	declined := 0
	for name, data := range inputs {
		_, _, want := ParseDocs(name, data, Options{})
		got, ok := Decode(data)
		if ok != (want != nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Decode %v (%d documents), ParseDocs gives %d documents", name, ok, len(got), len(want))
		}
		if !ok {
			declined++
		}
	}
	if declined < 3 {
		t.Errorf("only %d inputs declined", declined)
	}
}
