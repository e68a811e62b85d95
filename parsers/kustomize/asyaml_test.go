package kustomize

import (
	"bytes"
	"testing"

	"sigs.k8s.io/kustomize/api/resmap"
)

// builtResources builds the kustomization in dir under root the way Render
// does and returns krusty's resources (nil when it does not build).
func builtResources(t *testing.T, root, dir string) resmap.ResMap {
	t.Helper()
	b := newBuilder(Options{ScanRoot: root, Helm: fakeHelm})
	abs := b.abs(dir)
	if b.loadDir(abs) == nil || b.fatal {
		return nil
	}
	rm, err := run(b.fs, b.mem(abs), b.setsSchema(), b.mayWarn())
	if err != nil {
		return nil
	}
	return rm
}

// sameAsYAML checks resourceYAML against the AsYAML it stands in for, on
// every resource of rm.
func sameAsYAML(t *testing.T, where string, rm resmap.ResMap) int {
	t.Helper()
	n := 0
	for _, res := range rm.Resources() {
		want, werr := res.AsYAML()
		got, gerr := resourceYAML(res)
		if (werr != nil) != (gerr != nil) || !bytes.Equal(got, want) {
			t.Errorf("%s: %s %s:\nAsYAML (%v):\n%s\nresourceYAML (%v):\n%s", where, res.GetKind(), res.GetName(), werr, want, gerr, got)
		}
		n++
	}
	return n
}

// The values AsYAML's JSON pass would change: floats (integral ones come
// back as ints), timestamps, big numbers, YAML 1.1 words, binary, special
// floats JSON refuses, non-string keys, empty collections, escapes, and
// block scalars yaml.v3 does not write back as it read them.
func TestResourceYAMLMatchesAsYAML(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"k/kustomization.yaml": "resources:\n  - values.yaml\n  - folded.yaml\n  - floats.yaml\n  - times.yaml\n  - intkeys.yaml\n  - nan.yaml\nnamePrefix: p-\ncommonLabels:\n  team: a\n",
		"k/values.yaml": `apiVersion: example.com/v1
kind: Values
metadata:
  name: v
  annotations:
    note: "line one\nline two \u2028 <&>"
spec:
  ints: [0, -1, 9223372036854775807, 18446744073709551615, 0x1F, 0o17, 012, +3]
  words: [yes, no, on, off, y, n, ~, null, "true", '1.0', "", True, FALSE]
  whenQuoted: "2001-12-14"
  empty: {}
  none: []
  deep: {a: {b: [{c: 1}, {c: [2, 3.25]}]}}
  long: ` + "\"" + string(bytes.Repeat([]byte("word "), 40)) + "\"" + `
  block: |
    keep
      indent
  tagged: !!str 42
  literal: |2+
      leading
    trailing  

  literal2: |
    {
      "a" : 1,

        "b" : [ {
      } ]
    	tab
    }
  literal3: |-
    line with trailing space 
      more
  multiPlain: one
    two   three
  multiQuoted: "a \nb\n  c\t\n"
  single: 'it''s
    two lines'
  longLine: |
    xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y y 
  "quoted key": 1
  "10": ten
  "9": nine
  a10: x
  a9: y
`,
		"k/folded.yaml":  "apiVersion: v1\nkind: Folded\nmetadata:\n  name: fo\nspec:\n  fmt: >-\n    {\n      \"openapi\" : \"3.0.1\",\n      \"paths\" : {}\n    }\n",
		"k/floats.yaml":  "apiVersion: v1\nkind: Floats\nmetadata:\n  name: f\nspec:\n  floats: [1.0, 1.5, 123456789.0, 1e21, 1e20, -0.0, 0.1, 3.0e-7, .5]\n  one: 2.0\n",
		"k/times.yaml":   "apiVersion: v1\nkind: Times\nmetadata:\n  name: t\nspec:\n  when: 2001-12-14\n  whenTime: 2001-12-14t21:59:43.10-05:00\n  bin: !!binary aGVsbG8=\n",
		"k/intkeys.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ik\ndata:\n  a: b\nextra:\n  1: one\n",
		"k/nan.yaml":     "apiVersion: v1\nkind: Thing\nmetadata:\n  name: n\nspec:\n  x: .nan\n  y: -.inf\n",
	})
	rm := builtResources(t, root, "k")
	if rm == nil {
		t.Fatal("the fixture does not build")
	}
	if n := sameAsYAML(t, "fixture", rm); n != 6 {
		t.Errorf("%d resources compared, want 6", n)
	}
}

// Every resource the package's fixtures (and the real repositories under
// FAULTLINE_CORPUS, when it is set) render serialises as AsYAML would.
func TestResourceYAMLOnRenderedTrees(t *testing.T) {
	trees := append([]string{testdata(t)}, corpusTrees()...)
	total := 0
	for _, root := range trees {
		for _, dir := range kustomizationDirs(t, root) {
			if rm := builtResources(t, root, dir); rm != nil {
				total += sameAsYAML(t, dir, rm)
			}
		}
	}
	if total == 0 {
		t.Fatal("nothing rendered")
	}
	t.Logf("%d resources in %d trees", total, len(trees))
}
