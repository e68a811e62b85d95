package kustomize

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// writeFiles writes a tree of files under a new temporary directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A generated file an overlay lists is a note at its entry and the rest
// renders; a file simply missing stays an FL000.
func TestGeneratedEntryIsNote(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".gitignore":                       "overlays/prod/generated/\n",
		"overlays/prod/kustomization.yaml": "resources:\n  - ns.yaml\n  - generated/sa.yaml\n",
		"overlays/prod/ns.yaml":            "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n",
		"overlays/dev/kustomization.yaml":  "resources:\n  - ns.yaml\n  - sa.yaml\n",
		"overlays/dev/ns.yaml":             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\n",
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	opts := Options{ScanRoot: dir, Tree: treefs.New([]string{dir}, ""), Rel: rel}
	out, diags, notes := Render(filepath.Join(dir, "overlays/prod"), opts)
	want := lint.Note{Kind: lint.Skipped,
		What:  `kustomize resource "generated/sa.yaml" is generated at deploy time, not in the tree (.gitignore ignores it); not read`,
		Range: lint.Range{File: "overlays/prod/kustomization.yaml", Line: 3, Column: 5, EndLine: 3, EndColumn: 22}}
	if len(diags) != 0 || len(notes) != 1 || notes[0] != want {
		t.Errorf("diags %v, notes %+v\nwant [%+v]", diags, notes, want)
	}
	if !strings.Contains(string(out.Content), "name: prod") {
		t.Errorf("the rest must render: %q", out.Content)
	}
	_, diags, notes = Render(filepath.Join(dir, "overlays/dev"), opts)
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "overlays/dev/sa.yaml does not exist") || len(notes) != 0 {
		t.Errorf("missing file: diags %v notes %v", diags, notes)
	}
}

// A file the tree lacks that something writes before the build
// (Options.Written: a Terraform local_file) is a note naming the writer
// at its entry, for a generator's file too; the same file without a
// writer stays an FL000.
func TestWrittenEntryIsNote(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"apps/kustomization.yaml": "resources:\n  - ns.yaml\n  - facts.yaml\nconfigMapGenerator:\n  - name: values\n    files:\n      - values.yaml\n",
		"apps/ns.yaml":            "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: apps\n",
	})
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	opts := Options{ScanRoot: dir, Tree: treefs.New([]string{dir}, ""), Rel: rel, Written: map[string]string{
		filepath.Join(dir, "apps/facts.yaml"):  "local_file.facts (infra/main.tf:3)",
		filepath.Join(dir, "apps/values.yaml"): "local_file.values (infra/main.tf:9)",
	}}
	out, diags, notes := Render(filepath.Join(dir, "apps"), opts)
	want := []lint.Note{
		{Kind: lint.Skipped, What: `kustomize resource "facts.yaml" is generated at deploy time, not in the tree (local_file.facts (infra/main.tf:3) writes it); not read`,
			Range: lint.Range{File: "apps/kustomization.yaml", Line: 3, Column: 5, EndLine: 3, EndColumn: 15}},
		{Kind: lint.Skipped, What: `kustomize generator file "values.yaml" is generated at deploy time, not in the tree (local_file.values (infra/main.tf:9) writes it); not read`,
			Range: lint.Range{File: "apps/kustomization.yaml", Line: 7, Column: 9, EndLine: 7, EndColumn: 20}},
	}
	if len(diags) != 0 || !slices.Equal(notes, want) {
		t.Errorf("diags %v, notes %+v\nwant %+v", diags, notes, want)
	}
	if !strings.Contains(string(out.Content), "name: apps") {
		t.Errorf("the rest must render: %q", out.Content)
	}
	opts.Written = nil
	_, diags, _ = Render(filepath.Join(dir, "apps"), opts)
	if len(diags) != 2 || !strings.Contains(diags[0].Detail, "apps/facts.yaml does not exist") || !strings.Contains(diags[1].Detail, "apps/values.yaml does not exist") {
		t.Errorf("without a writer: diags %v", diags)
	}
}

// TestRootOnly: an overlay that lists a file outside its directory fails
// `kustomize build` (root-only loading) but builds as Flux builds it: its
// output is that build, mapped to the file, and RootOnly is the FL000
// kustomize reports, at the entry; a file inside builds without it, and
// an overlay that fails either way is the diagnostic and no output.
func TestRootOnly(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"apps/common/sa.yaml":            "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: dns\n",
		"apps/prod/kustomization.yaml":   "namespace: dns\nresources:\n  - ../common/sa.yaml\n",
		"apps/inside/sa.yaml":            "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: dns\n",
		"apps/inside/kustomization.yaml": "resources:\n  - sa.yaml\n",
		"apps/broken/kustomization.yaml": "resources:\n  - ../common/sa.yaml\npatches:\n  - path: missing.yaml\n",
	})
	r, diags, _ := renderBounded(t, root, "apps/prod", Options{})
	if len(diags) != 0 || r.RootOnly == nil {
		t.Fatalf("apps/prod: diags %+v, RootOnly %+v", diags, r.RootOnly)
	}
	if got := r.RootOnly; got.Range.File != "apps/prod/kustomization.yaml" || got.Range.Line != 3 || !strings.Contains(got.Detail, "is not in or below") {
		t.Errorf("RootOnly = %+v, want the entry at apps/prod/kustomization.yaml:3", got)
	}
	if got := entities(t, r)["service-account dns"]; got != "apps/common/sa.yaml" {
		t.Errorf("the service account maps to %q, want apps/common/sa.yaml", got)
	}
	if r, diags, _ := renderBounded(t, root, "apps/inside", Options{}); r.RootOnly != nil || len(diags) != 0 || len(r.Content) == 0 {
		t.Errorf("apps/inside: RootOnly %+v, diags %+v", r.RootOnly, diags)
	}
	r, diags, _ = renderBounded(t, root, "apps/broken", Options{})
	if r.RootOnly != nil || len(r.Content) != 0 {
		t.Errorf("apps/broken: RootOnly %+v, %d bytes of output", r.RootOnly, len(r.Content))
	}
	onlyDiag(t, diags)
}

// TestTemplatedKustomization: a kustomization that does not parse is a
// template (a note) only when a placeholder stands before its error;
// one broken before any placeholder is FL000 as any broken kustomization.
func TestTemplatedKustomization(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"skeleton/kustomization.yaml": "resources:\n{%- if values.extra %}\n  - extra.yaml\n{%- endif %}\n",
		"broken/kustomization.yaml":   "resources:\n  - a.yaml\n - b.yaml\nnamespace: ${NAMESPACE}\n",
	})
	_, diags, notes := renderBounded(t, root, "skeleton", Options{})
	if len(diags) != 0 || len(notes) != 1 || !strings.Contains(notes[0].What, "read as a template") {
		t.Errorf("skeleton: diags %+v, notes %+v; want one template note", diags, notes)
	}
	_, diags, notes = renderBounded(t, root, "broken", Options{})
	if d := onlyDiag(t, diags); d.Summary != "Cannot read kustomization" || len(notes) != 0 {
		t.Errorf("broken: diag %+v, notes %+v; want FL000 alone", d, notes)
	}
}
