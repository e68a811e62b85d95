package kustomize

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/api/types"

	"github.com/faultline-dev/faultline/lint"
)

// The overlay these tests build: its node class shares a role with a node
// group elsewhere, so whatever faultline leaves out of the overlay, the
// node class must still render.
const sharedNodeClass = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: workers
spec:
  role: shared-workers
`

// stampFunction is an exec KRM function that would write a marker file.
const stampFunction = `apiVersion: fn.example.com/v1
kind: Stamp
metadata:
  name: stamp
  annotations:
    config.kubernetes.io/function: |
      exec:
        path: ./stamp.sh
`

// generatorFunction is a KRM function run in a container.
const generatorFunction = `apiVersion: fn.example.com/v1
kind: NodeClassGen
metadata:
  name: gen
  annotations:
    config.kubernetes.io/function: |
      container:
        image: registry.example.com/nodeclass-gen:1.0.0
`

// entryBlock is one top-level field of a kustomization with its entries,
// the one under test marked by its text.
type entryBlock struct {
	field   string
	entries []string
}

// writeKust writes blocks as a kustomization file and returns the line
// each entry starts at.
func writeKust(blocks []entryBlock) (text string, lines map[string]int) {
	var b strings.Builder
	lines = map[string]int{}
	line := 1
	for _, bl := range blocks {
		fmt.Fprintf(&b, "%s:\n", bl.field)
		line++
		for _, e := range bl.entries {
			lines[e] = line
			line++
			if !strings.Contains(e, "\n") {
				fmt.Fprintf(&b, "  - %s\n", e)
				continue
			}
			b.WriteString("  - |\n")
			for _, l := range strings.SplitAfter(strings.TrimSuffix(e, "\n"), "\n") {
				fmt.Fprintf(&b, "    %s", l)
				line++
			}
			b.WriteString("\n")
		}
	}
	return b.String(), lines
}

// skipped is a note expected at file:line:column, with text it contains.
type skipped struct {
	file      string
	line, col int
	says      []string
}

func (s skipped) matches(n lint.Note) bool {
	if n.Kind != lint.Skipped || n.Range.File != s.file || n.Range.Line != s.line || n.Range.Column != s.col {
		return false
	}
	for _, w := range s.says {
		if !strings.Contains(n.What, w) {
			return false
		}
	}
	return true
}

const remoteBase = "https://github.com/example/infra//karpenter/base?ref=v1"

// leftOut is one entry faultline must not run: the field it is listed
// under, the entry, and the note it leaves (line 0: the entry's line in
// kustomization.yaml).
type leftOut struct {
	field, entry string
	note         skipped
}

// leftOuts are the entries faultline leaves out of an overlay, besides
// remote resources.
func leftOuts() map[string]leftOut {
	return map[string]leftOut{
		"exec transformer": {"transformers", "stamp.yaml",
			skipped{"o/stamp.yaml", 1, 1, []string{"transformer Stamp in o/stamp.yaml not run", "an exec KRM function", "rendered without it"}}},
		"container generator": {"generators", "gen.yaml",
			skipped{"o/gen.yaml", 1, 1, []string{"generator NodeClassGen in o/gen.yaml not run", "a container KRM function"}}},
		"inline exec transformer": {"transformers", stampFunction,
			skipped{"o/kustomization.yaml", 0, 5, []string{"transformer Stamp in o/kustomization.yaml not run", "an exec KRM function"}}},
		"exec transformer directory": {"transformers", "../fns",
			skipped{"o/kustomization.yaml", 0, 5, []string{`transformer directory "../fns" not run`, "configures Stamp, an exec KRM function"}}},
		"configurations outside the tree": {"configurations", "../../namerefs.yaml",
			skipped{"o/kustomization.yaml", 0, 5, []string{`configurations entry "../../namerefs.yaml" not read`, "outside the scanned tree"}}},
	}
}

// pluginTree writes the overlay o (kustomization text k) and what it may
// name in a scan root below a fresh directory; a configurations file lies
// above the scan root. It returns the scan root.
func pluginTree(t *testing.T, k string) string {
	t.Helper()
	tmp := t.TempDir()
	files(t, tmp, map[string]string{"namerefs.yaml": "nameReference:\n  - kind: Secret\n    fieldSpecs:\n      - path: spec/userData\n        kind: EC2NodeClass\n"})
	root := filepath.Join(tmp, "repo")
	files(t, root, map[string]string{
		"o/kustomization.yaml":   k,
		"o/nodeclass.yaml":       sharedNodeClass,
		"o/stamp.yaml":           stampFunction,
		"o/gen.yaml":             generatorFunction,
		"fns/kustomization.yaml": "resources:\n  - stamp.yaml\n",
		"fns/stamp.yaml":         stampFunction,
		"o/stamp.sh":             "#!/bin/sh\ntouch \"$HOME/stamped\"\n",
	})
	return root
}

// assertLeftOut renders the overlay of root and checks that nothing is an
// input error, that the notes are exactly expect, and that the overlay's node
// class rendered and maps to its file.
func assertLeftOut(t *testing.T, root string, expect []skipped) {
	t.Helper()
	r, diags, notes := renderBounded(t, root, "o", Options{})
	if len(diags) > 0 {
		t.Errorf("diagnostics %+v", diags)
	}
	if len(notes) != len(expect) {
		t.Errorf("notes %+v, want %d", notes, len(expect))
	}
	for _, w := range expect {
		if !slices.ContainsFunc(notes, w.matches) {
			t.Errorf("no note at %s:%d:%d saying %q in %+v", w.file, w.line, w.col, w.says, notes)
		}
	}
	if len(r.Content) == 0 {
		t.Fatal("the overlay did not render")
	}
	mapped(t, r, "EC2NodeClass", "workers", "spec.role", "shared-workers", want{"o/nodeclass.yaml", 6, 9}, want{})
}

// TestLeftOutAloneAndWithRemote renders an overlay with each entry
// faultline must not run, alone and beside a remote resource, in every
// order of fields and entries: each is left out with a note at it, the
// overlay renders without it, and nothing is FL000.
func TestLeftOutAloneAndWithRemote(t *testing.T) {
	for name, lo := range leftOuts() {
		orders := map[string][]entryBlock{
			"alone": {{"resources", []string{"nodeclass.yaml"}}, {lo.field, []string{lo.entry}}},
			"remote first, fields in order": {
				{"resources", []string{remoteBase, "nodeclass.yaml"}}, {lo.field, []string{lo.entry}}},
			"remote last, fields in order": {
				{"resources", []string{"nodeclass.yaml", remoteBase}}, {lo.field, []string{lo.entry}}},
			"remote first, fields reversed": {
				{lo.field, []string{lo.entry}}, {"resources", []string{remoteBase, "nodeclass.yaml"}}},
			"remote last, fields reversed": {
				{lo.field, []string{lo.entry}}, {"resources", []string{"nodeclass.yaml", remoteBase}}},
		}
		for order, blocks := range orders {
			t.Run(name+"/"+order, func(t *testing.T) {
				k, lines := writeKust(blocks)
				note := lo.note
				if note.line == 0 {
					note.line = lines[lo.entry]
				}
				want := []skipped{note}
				if order != "alone" {
					want = append(want, skipped{"o/kustomization.yaml", lines[remoteBase], 5, []string{"remote kustomize resource " + remoteBase + " not fetched"}})
				}
				assertLeftOut(t, pluginTree(t, k), want)
			})
		}
	}
}

// TestRemoteAlone is the baseline the combinations are held to: a remote
// resource is left out with a note and the overlay renders.
func TestRemoteAlone(t *testing.T) {
	k, lines := writeKust([]entryBlock{{"resources", []string{remoteBase, "nodeclass.yaml"}}})
	assertLeftOut(t, pluginTree(t, k), []skipped{{"o/kustomization.yaml", lines[remoteBase], 5, []string{"not fetched"}}})
}

// TestExternalBesideBuiltin keeps the builtin plugin configs listed beside
// an external one, in one file and in one inline entry: they still apply.
func TestExternalBesideBuiltin(t *testing.T) {
	labels := "apiVersion: builtin\nkind: LabelTransformer\nmetadata:\n  name: team\nlabels:\n  team: platform\nfieldSpecs:\n  - path: metadata/labels\n    create: true\n"
	legacy := "apiVersion: someteam.example.com/v1\nkind: RoleRewriter\nmetadata:\n  name: rewrite\n"
	for name, c := range map[string]struct {
		entry string
		file  string
		note  skipped
	}{
		"file": {entry: "mixed.yaml", file: labels + "---\n" + legacy,
			note: skipped{"o/mixed.yaml", 11, 1, []string{"transformer RoleRewriter in o/mixed.yaml not run", "an exec or Go plugin"}}},
		"inline": {entry: legacy + "---\n" + labels,
			note: skipped{"o/kustomization.yaml", 0, 5, []string{"transformer RoleRewriter in o/kustomization.yaml not run", "an exec or Go plugin"}}},
	} {
		t.Run(name, func(t *testing.T) {
			k, lines := writeKust([]entryBlock{{"resources", []string{remoteBase, "nodeclass.yaml"}}, {"transformers", []string{c.entry}}})
			root := pluginTree(t, k)
			if c.file != "" {
				files(t, root, map[string]string{"o/mixed.yaml": c.file})
			}
			if c.note.line == 0 {
				c.note.line = lines[c.entry]
			}
			assertLeftOut(t, root, []skipped{c.note, {"o/kustomization.yaml", lines[remoteBase], 5, []string{"not fetched"}}})
			r, _, _ := renderBounded(t, root, "o", Options{})
			if _, v := at(t, object(t, r.Content, "EC2NodeClass", "workers"), "metadata.labels.team"); v.Value != "platform" {
				t.Errorf("the builtin LabelTransformer did not apply: team = %q", v.Value)
			}
		})
	}
}

// TestRefusedPluginIsNeverANote: an external plugin krusty still refuses
// (faultline missed it) is FL000 even when other entries were left out; a
// failure that may follow from what was left out stays a note.
func TestRefusedPluginIsNeverANote(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct {
		err  error
		fl   bool
		what string
	}{
		{fmt.Errorf("loading generator plugins: %w", types.NewErrOnlyBuiltinPluginsAllowed("Stamp")), true, "external plugin"},
		{errors.New("no matches for Id EC2NodeClass.v1.karpenter.k8s.aws/remote.[noNs]"), false, "not rendered without the entries"},
	} {
		b := newBuilder(Options{ScanRoot: root})
		b.fallback = lint.Range{File: "o/kustomization.yaml", Line: 1, Column: 1}
		b.note(b.fallback, "remote kustomize resource x not fetched")
		b.buildFailed("o", c.err)
		var ok bool
		if c.fl {
			ok = len(b.diags) == 1 && len(b.notes) == 1 && strings.Contains(b.diags[0].Detail, c.what)
		} else {
			ok = len(b.diags) == 0 && len(b.notes) == 2 && strings.Contains(b.notes[1].What, c.what)
		}
		if !ok {
			t.Errorf("%v: diags %+v notes %+v", c.err, b.diags, b.notes)
		}
	}
}

// TestBrokenBesideRemote: a listed file that does not parse stops the
// build whatever else was left out, so beside a remote resource, in either
// order, it is the same FL000 at the same position as alone, never a note.
func TestBrokenBesideRemote(t *testing.T) {
	broken := map[string]string{
		"o/bad.yaml":  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: [\n",
		"o/badp.yaml": "apiVersion: builtin\nkind: [\n",
	}
	resource := func(entries ...string) []entryBlock { return []entryBlock{{"resources", entries}} }
	transformer := func(resources ...string) []entryBlock {
		return []entryBlock{{"transformers", []string{"badp.yaml"}}, {"resources", resources}}
	}
	for name, c := range map[string]struct {
		orders map[string][]entryBlock
		at     want
	}{
		"resource": {map[string][]entryBlock{
			"alone":        resource("nodeclass.yaml", "bad.yaml"),
			"remote first": resource(remoteBase, "nodeclass.yaml", "bad.yaml"),
			"remote last":  resource("bad.yaml", "nodeclass.yaml", remoteBase),
		}, want{"o/bad.yaml", 6, 1}},
		"transformer": {map[string][]entryBlock{
			"alone":           transformer("nodeclass.yaml"),
			"remote first":    transformer(remoteBase, "nodeclass.yaml"),
			"remote last":     transformer("nodeclass.yaml", remoteBase),
			"fields reversed": {{"resources", []string{remoteBase, "nodeclass.yaml"}}, {"transformers", []string{"badp.yaml"}}},
		}, want{"o/badp.yaml", 3, 1}},
	} {
		for order, blocks := range c.orders {
			t.Run(name+"/"+order, func(t *testing.T) {
				k, _ := writeKust(blocks)
				root := pluginTree(t, k)
				files(t, root, broken)
				_, diags, notes := renderBounded(t, root, "o", Options{})
				if len(diags) != 1 || diags[0].Summary != "Cannot render Kustomize overlay" {
					t.Fatalf("diags %+v, notes %+v", diags, notes)
				}
				c.at.check(t, "FL000", diags[0].Range)
				for _, n := range notes {
					if !strings.Contains(n.What, "remote kustomize resource") {
						t.Errorf("note %+v stands in for the FL000", n)
					}
				}
			})
		}
	}
}
