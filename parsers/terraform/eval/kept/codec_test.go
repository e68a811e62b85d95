package kept_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/extract"
)

// evaluated is the output of one root of a tree.
type evaluated struct {
	name string
	out  kept.RootOutput
}

// evaluateTree evaluates every directory of tree holding .tf files as a
// root (the roots load.go finds and the modules they call: more outputs,
// all real), the way load.go does: a session of the tree with the
// extractor.
func evaluateTree(t testing.TB, tree string) []evaluated {
	t.Helper()
	abs, err := filepath.Abs(tree)
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]bool{}
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".terraform" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".tf") {
			dirs[filepath.Dir(p)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sorted := make([]string, 0, len(dirs))
	for d := range dirs {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	s := eval.NewSession(eval.Options{Root: abs}, extract.Extractor{})
	var out []evaluated
	for _, d := range sorted {
		rel, _ := filepath.Rel(filepath.Dir(abs), d)
		out = append(out, evaluated{rel, s.Evaluate(d).Output()})
	}
	return out
}

// fixtureTrees are the directories each evaluated as one tree: every
// fixture of rules/testdata, the eval tests' trees and the examples.
func fixtureTrees(t *testing.T) []string {
	var trees []string
	for _, pat := range []string{"../../../../rules/testdata/*/*", "../../../../rules/testdata/models/*/*", "../testdata/*", "../../../../examples/*"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range m {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				trees = append(trees, d)
			}
		}
	}
	return trees
}

// generatedTree writes a benchgen tree and returns its directory.
func generatedTree(t testing.TB, teams int) string {
	dir := t.TempDir()
	if _, err := benchgen.Generate(dir, benchgen.Options{Teams: teams}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOutputCodecRoundTrip encodes the output of every root of the
// fixtures, the examples and a generated tree, decodes it, and wants it
// back exactly (reflect.DeepEqual sees unexported fields and nil against
// empty; Embedded's functions are compared by what they apply and by
// their results), with pointers shared as they were.
func TestOutputCodecRoundTrip(t *testing.T) {
	var all []evaluated
	for _, tree := range fixtureTrees(t) {
		all = append(all, evaluateTree(t, tree)...)
	}
	all = append(all, evaluateTree(t, generatedTree(t, 6))...)
	entities, embedded, shared, holes, stable := 0, 0, 0, 0, 0
	for _, ev := range all {
		data, err := kept.EncodeOutput(ev.out)
		if err != nil {
			t.Errorf("%s: %v", ev.name, err)
			continue
		}
		got, err := kept.DecodeOutput(data)
		if err != nil {
			t.Errorf("%s: %v", ev.name, err)
			continue
		}
		if diff := outputDiff(ev.out, got); diff != "" {
			t.Errorf("%s: decoded output differs: %s", ev.name, diff)
		}
		again, err := kept.EncodeOutput(got)
		if err != nil {
			t.Errorf("%s: encoding the decoded output: %v", ev.name, err)
		} else if bytes.Equal(again, data) {
			stable++
		} else {
			// the codec writes a map's entries in Go's random order: the bytes
			// may differ, what they decode to may not.
			back, err := kept.DecodeOutput(again)
			if err != nil || outputDiff(got, back) != "" {
				t.Errorf("%s: the decoded output encodes to other bytes that do not decode to it", ev.name)
			}
		}
		entities += len(ev.out.Entities)
		embedded += len(ev.out.Embedded)
		shared += len(sharing(ev.out, false))
		holes += len(sharing(ev.out, true))
	}
	t.Logf("%d roots (%d encode the same bytes again), %d entities, %d embedded YAML; pointers reached twice: %d outside values, %d in all", len(all), stable, entities, embedded, shared, holes)
	if len(all) < 100 || entities < 1000 {
		t.Errorf("too few outputs covered: %d roots, %d entities", len(all), entities)
	}
}

// outputDiff is "" when a and b are equal, else what differs.
func outputDiff(a, b kept.RootOutput) string {
	ea, eb := a.Embedded, b.Embedded
	if len(ea) != len(eb) {
		return fmt.Sprintf("%d embedded YAML, want %d", len(eb), len(ea))
	}
	for i := range ea {
		if d := embeddedDiff(ea[i], eb[i]); d != "" {
			return fmt.Sprintf("embedded %d (%s): %s", i, ea[i].Addr, d)
		}
	}
	a.Embedded, b.Embedded = stripFuncs(ea), stripFuncs(eb)
	if !reflect.DeepEqual(a, b) {
		for i := range a.Entities {
			if i < len(b.Entities) && !reflect.DeepEqual(a.Entities[i], b.Entities[i]) {
				return fmt.Sprintf("entity %d: %#v, want %#v", i, b.Entities[i], a.Entities[i])
			}
		}
		return fmt.Sprintf("%#v, want %#v", b, a)
	}
	if sa, sb := sharing(a, false), sharing(b, false); !reflect.DeepEqual(sa, sb) {
		return fmt.Sprintf("pointers shared at %v, want %v", sb, sa)
	}
	return ""
}

// embeddedDiff compares two Embedded's functions by their results on
// every line of the content (a range on it, and one holding an
// interpolation), and by a range of each interpolation part.
func embeddedDiff(a, b kept.Embedded) string {
	if (a.Map == nil) != (b.Map == nil) || (a.Passed == nil) != (b.Passed == nil) {
		return "Map or Passed set in one only"
	}
	lines := bytes.Count(a.Content, []byte("\n")) + 2
	for l := 0; l <= lines; l++ {
		for _, text := range []string{"", "\uE000x"} {
			r := lint.Range{File: "rendered", Line: l, Column: 3, EndLine: l, EndColumn: 9}
			if a.Map != nil && a.Map(r, text) != b.Map(r, text) {
				return fmt.Sprintf("Map(%v) = %v, want %v", r, b.Map(r, text), a.Map(r, text))
			}
			if a.Passed != nil {
				if r = a.Map(r, text); !reflect.DeepEqual(a.Passed(r), b.Passed(r)) {
					return fmt.Sprintf("Passed(%v) differs", r)
				}
			}
		}
	}
	return ""
}

func stripFuncs(ems []kept.Embedded) []kept.Embedded {
	if ems == nil {
		return nil
	}
	out := make([]kept.Embedded, len(ems))
	for i, em := range ems {
		em.Map, em.Passed = nil, nil
		out[i] = em
	}
	return out
}

var valueType = reflect.TypeOf(lint.Value{})

// sharing are the pointers an output reaches more than once, each as the
// paths it is reached by (first, then again). Inside a lint.Value only
// when inValues: a Value encodes itself, and the holes two Values share
// (*HoleRef: nothing compares or changes them through the pointer) come
// back as equal copies.
func sharing(o kept.RootOutput, inValues bool) []string {
	first := map[[2]uintptr]string{}
	var out []string
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			k := [2]uintptr{reflect.ValueOf(v.Type()).Pointer(), v.Pointer()}
			if p, ok := first[k]; ok {
				out = append(out, p+" = "+path)
				return
			}
			first[k] = path
			walk(v.Elem(), path)
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), path)
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			keys := v.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
			for _, k := range keys {
				walk(v.MapIndex(k), path+"["+k.String()+"]")
			}
		case reflect.Struct:
			if v.Type() == valueType && !inValues {
				return
			}
			for i := 0; i < v.NumField(); i++ {
				walk(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		}
	}
	walk(reflect.ValueOf(o), "out")
	return out
}

// TestOutputCodecShape round-trips what the fixtures may not hold: an
// entity reached twice (a Release's duplicate key that is also an entity
// of the output), empty but non-nil lists and maps, and a pointer to a
// zero struct.
func TestOutputCodecShape(t *testing.T) {
	dup := &lint.DuplicateKey{Key: "a"}
	rel := &lint.Release{Values: map[string]any{"x": []any{}, "y": map[string]any{}, "z": nil}, ValueRanges: map[string]lint.Range{}, DuplicateKeys: []*lint.DuplicateKey{dup}, Reads: &lint.ChartReads{}}
	rel.Inferred = []string{}
	in := kept.RootOutput{Entities: []lint.Entity{rel, dup}, Notes: []lint.Note{}, Calls: map[string][]lint.Range{"m": {}}, Templates: []string{}}
	data, err := kept.EncodeOutput(in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := kept.DecodeOutput(data)
	if err != nil {
		t.Fatal(err)
	}
	if d := outputDiff(in, got); d != "" {
		t.Fatal(d)
	}
	if got.Entities[0].(*lint.Release).DuplicateKeys[0] != got.Entities[1] {
		t.Error("the duplicate key is two objects after decoding")
	}
}

// TestOutputCodecCorrupt wants every truncation of an encoding to be an
// error. (Flipped bytes are FuzzDecodeOutput's; the store checks a
// checksum before decoding all the same.)
func TestOutputCodecCorrupt(t *testing.T) {
	outs := evaluateTree(t, "../../../../examples/stytch-2023")
	var data []byte
	for _, ev := range outs {
		if len(ev.out.Entities) > 0 {
			var err error
			if data, err = kept.EncodeOutput(ev.out); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if data == nil {
		t.Fatal("no output with entities")
	}
	for n := 0; n < len(data); n++ {
		if _, err := kept.DecodeOutput(data[:n]); err == nil {
			t.Fatalf("%d of %d bytes decode without error", n, len(data))
		}
	}
}

// FuzzDecodeOutput wants any bytes to decode or fail, never panic.
func FuzzDecodeOutput(f *testing.F) {
	for _, ev := range evaluateTree(f, "../../../../examples/stytch-2023") {
		data, err := kept.EncodeOutput(ev.out)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if out, err := kept.DecodeOutput(data); err == nil {
			if _, err := kept.EncodeOutput(out); err != nil {
				t.Errorf("decoded output does not encode: %v", err)
			}
		}
	})
}

// TestOutputTypesEncodable walks the types of RootOutput and of every
// entity type: a struct with an unexported field, or a func or chan
// field, must encode itself (gob.GobEncoder and GobDecoder), since the
// codec (package wire), like gob, drops such fields without a word; a map
// needs string keys.
func TestOutputTypesEncodable(t *testing.T) {
	enc, dec := reflect.TypeFor[gob.GobEncoder](), reflect.TypeFor[gob.GobDecoder]()
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, path string)
	walk = func(ty reflect.Type, path string) {
		if seen[ty] {
			return
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(ty.Elem(), path)
		case reflect.Map:
			if ty.Key().Kind() != reflect.String {
				t.Errorf("%s: map %s has keys that are not strings", path, ty)
			}
			walk(ty.Elem(), path+"[key]")
		case reflect.Func, reflect.Chan, reflect.UnsafePointer:
			t.Errorf("%s: %s cannot be encoded", path, ty)
		case reflect.Struct:
			if reflect.PointerTo(ty).Implements(enc) && reflect.PointerTo(ty).Implements(dec) {
				return // it encodes itself
			}
			for i := 0; i < ty.NumField(); i++ {
				f := ty.Field(i)
				if !f.IsExported() {
					t.Errorf("%s: %s has unexported field %s and no GobEncode/GobDecode", path, ty, f.Name)
				}
				walk(f.Type, path+"."+f.Name)
			}
		}
	}
	walk(reflect.TypeOf(kept.RootOutput{}), "RootOutput")
	for _, e := range lint.EntityTypes() {
		walk(reflect.TypeOf(e), reflect.TypeOf(e).String())
	}
}

// BenchmarkOutputCodec encodes and decodes the output of every root of a
// generated tree (one op: every root once).
func BenchmarkOutputCodec(b *testing.B) {
	outs := evaluateTree(b, generatedTree(b, 6))
	size := 0
	for b.Loop() {
		size = 0
		for _, ev := range outs {
			data, err := kept.EncodeOutput(ev.out)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := kept.DecodeOutput(data); err != nil {
				b.Fatal(err)
			}
			size += len(data)
		}
	}
	b.ReportMetric(float64(len(outs)), "roots")
	b.ReportMetric(float64(size)/float64(len(outs)), "B/root")
}
