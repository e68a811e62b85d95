package kustomize

import (
	"os"
	"path/filepath"
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

func TestIgnoredBy(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".gitignore":          "# generated\n/apps/*/out/\n*.env\n!keep.env\nsecrets/**\nliteral\\ \n",
		"apps/api/.gitignore": "patch-*.yaml\n!patch-static.yaml\n",
		"apps/api/.keep":      "",
	})
	b := newBuilder(Options{ScanRoot: dir, Tree: treefs.New([]string{dir}, "")})
	top, api := filepath.Join(dir, ".gitignore"), filepath.Join(dir, "apps/api/.gitignore")
	for path, want := range map[string]string{
		"apps/api/out/sa.yaml":       top, // anchored directory pattern
		"apps/api/out":               top, // listed as a file, ignored as a directory
		"out/sa.yaml":                "",  // anchored: not at the top
		"apps/api/db.env":            top,
		"apps/api/keep.env":          "", // re-included
		"apps/api/patch-1.yaml":      api,
		"apps/api/patch-static.yaml": "",
		"apps/web/patch-1.yaml":      "", // the deeper file only applies below it
		"secrets/a/b.yaml":           top,
		"apps/api/out/keep.env":      top, // nothing below an ignored directory comes back
		"apps/api/deployment.yaml":   "",
		"literal ":                   top, // an escaped trailing space is kept
	} {
		if got := b.ignoredBy(filepath.Join(dir, filepath.FromSlash(path))); got != want {
			t.Errorf("%s: ignored by %q, want %q", path, got, want)
		}
	}
}

func TestTemplateSibling(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a/nodes-tmpl.yaml":     "",
		"b/values.yaml.tpl":     "",
		"c/config.template":     "",
		"d/other.yaml.tpl":      "",
		"e/service.yaml.tmpl/x": "",
	})
	b := newBuilder(Options{ScanRoot: dir, Tree: treefs.New([]string{dir}, "")})
	for path, want := range map[string]string{
		"a/nodes.yaml":   "a/nodes-tmpl.yaml",
		"b/values.yaml":  "b/values.yaml.tpl",
		"c/config.yaml":  "c/config.template",
		"d/nodes.yaml":   "",
		"e/service.yaml": "", // a directory is no template
	} {
		got := b.templateSibling(filepath.Join(dir, filepath.FromSlash(path)))
		if got != "" {
			got, _ = filepath.Rel(dir, got)
		}
		if filepath.ToSlash(got) != want {
			t.Errorf("%s: template %q, want %q", path, got, want)
		}
	}
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
