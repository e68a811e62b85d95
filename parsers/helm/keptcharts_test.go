package helm

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// A kept load keeps the contents of what is read outside a rendering
// (Chart.yaml and values files, a subchart's among them) and leaves the
// rest, templates included, on the disk; a rendering's request reads
// them again,
// as they were, and a file changed since stops the rendering instead of
// rendering other files than the load's.
func TestKeptLoadLeavesRenderOnlyFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"Chart.yaml":                   "apiVersion: v2\nname: app\nversion: 0.1.0\n",
		"values.yaml":                  "name: a\n",
		"values.schema.json":           "{}\n",
		"templates/sa.yaml":            "kind: ServiceAccount\n",
		"templates/_helpers.tpl":       "{{- define \"x\" }}x{{ end }}\n",
		"templates/NOTES.txt":          "installed\n",
		"crds/widget.yaml":             "kind: CustomResourceDefinition\n",
		"files/owner.txt":              "\xEF\xBB\xBFteam-a\n",
		"charts/sub/Chart.yaml":        "apiVersion: v2\nname: sub\nversion: 0.1.0\n",
		"charts/sub/values.yaml":       "role: x\n",
		"charts/sub/templates/cm.yaml": "kind: ConfigMap\n",
		"charts/sub/files/data.json":   "{}\n",
	}
	for name, content := range files {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), content)
	}
	p := &paths{tree: treefs.New([]string{dir}, ""), rel: filepath.Base}
	cd, lerr := loadChart(dir, p)
	if lerr != nil {
		t.Fatal(lerr)
	}
	k, err := toKept(cd)
	if err != nil {
		t.Fatal(err)
	}
	var unkept []string
	for _, f := range k.Files {
		if f.Data == nil {
			unkept = append(unkept, f.Name)
		}
	}
	want := []string{"charts/sub/files/data.json", "charts/sub/templates/cm.yaml", "crds/widget.yaml", "files/owner.txt", "templates/NOTES.txt", "templates/_helpers.tpl", "templates/sa.yaml", "values.schema.json"}
	if !reflect.DeepEqual(unkept, want) || !reflect.DeepEqual(k.Unkept, want) {
		t.Fatalf("contents not kept: %v (Unkept %v), want %v", unkept, k.Unkept, want)
	}
	again := fromKept(dir, dir, k, p)
	got, err := again.allFiles()
	if err != nil || !reflect.DeepEqual(got, cd.files) {
		t.Fatalf("files read again: %v\n%+v\nwant\n%+v", err, got, cd.files)
	}
	if again.byName["crds/widget.yaml"] != nil || again.byName["Chart.yaml"] == nil {
		t.Error("a kept load's byName holds the contents it did not keep, or lacks Chart.yaml's")
	}
	if got := again.templateLinesOf("templates/sa.yaml"); len(got) != 2 || got[0].raw != "kind: ServiceAccount" {
		t.Errorf("a template's lines from a kept load: %+v", got)
	}
	req, _, err := request(again, nil, again.hash, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if req, err = req.Complete(); err != nil || !reflect.DeepEqual(req.Files, cd.files) || req.LoadFiles != nil {
		t.Fatalf("completed request: %v, %d files", err, len(req.Files))
	}
	// The digest a request carries is what the pool keys its workers'
	// chart cache by in place of hashing the files again: it must be
	// their hash, from a kept load as from a fresh one.
	fresh, _, err := request(cd, nil, cd.hash, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []Request{req, fresh} {
		if got, want := filesDigest(r), filesHash(r.Files); got != want || r.FilesDigest == "" {
			t.Errorf("request digest %q, its files hash to %q", got, want)
		}
	}
	if got, want := filesDigest(Request{Files: cd.files}), filesHash(cd.files); got != want {
		t.Errorf("a request without a digest: %q, want the files' hash %q", got, want)
	}
	// Same size, other contents.
	write(t, filepath.Join(dir, "files", "owner.txt"), "\xEF\xBB\xBFteam-b\n")
	var stopped *StoppedError
	if _, err := fromKept(dir, dir, k, p).allFiles(); !errors.As(err, &stopped) {
		t.Errorf("a file changed since the load: %v, want a stopped rendering", err)
	}
	if err := os.Remove(filepath.Join(dir, "crds", "widget.yaml")); err != nil {
		t.Fatal(err)
	}
	if _, err := fromKept(dir, dir, k, p).allFiles(); !errors.As(err, &stopped) {
		t.Errorf("a file removed since the load: %v, want a stopped rendering", err)
	}
}

// An archive's load keeps every file's contents: they cannot be read
// one by one again.
func TestKeptArchiveLoadKeepsAll(t *testing.T) {
	cd := &chartData{archive: true, files: []File{{Name: "Chart.yaml", Data: []byte("name: a\n")}, {Name: "crds/x.yaml", Data: []byte("kind: X\n")}}}
	k, err := toKept(cd)
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Unkept) != 0 || k.Files[1].Data == nil {
		t.Errorf("archive: unkept %v", k.Unkept)
	}
	if again := fromKept("a.tgz", "a.tgz", k, &paths{rel: filepath.Base}); again.loadFiles != nil {
		t.Error("an archive's kept load reads files again")
	}
}
