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
