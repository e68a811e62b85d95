package chartrender

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/chart/loader"

	"github.com/faultline-dev/faultline/parsers/helm/renderapi"
)

// tgz packs files as `helm package` does: under a directory named after
// the chart.
func tgz(t *testing.T, dir string, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for name, data := range files {
		if err := tw.WriteHeader(&tar.Header{Name: dir + "/" + name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestDuplicateSubchartCopies: a subchart both unpacked in charts/ and
// packed beside it (same name and version) is rendered from the
// directory on every run, with a note (Helm itself takes either at
// random); an archive of another version stays.
func TestDuplicateSubchartCopies(t *testing.T) {
	subChart := "apiVersion: v2\nname: sub\nversion: 0.1.0\n"
	broken := tgz(t, "sub", map[string]string{"Chart.yaml": subChart, "templates/cm.yaml": "a: {{ $undefined }}\n"})
	files := []renderapi.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: app\nversion: 1.0.0\ndependencies:\n  - name: sub\n    version: 0.1.0\n")},
		{Name: "templates/cm.yaml", Data: []byte("kind: ConfigMap\n")},
		{Name: "charts/sub/Chart.yaml", Data: []byte(subChart)},
		{Name: "charts/sub/templates/cm.yaml", Data: []byte("kind: Secret\n")},
		{Name: "charts/sub-0.1.0.tgz", Data: broken},
	}
	for i := 0; i < 20; i++ {
		res, err := Render(renderapi.Request{Chart: "charts/app", ReleaseName: "app", Files: files})
		if err != nil {
			t.Fatalf("run %d: %v (the broken archive was rendered)", i, err)
		}
		if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "charts/sub-0.1.0.tgz and charts/sub/ are both subchart sub") {
			t.Fatalf("run %d: notes %q", i, res.Notes)
		}
	}
	// Another version is another chart: left to Helm.
	other := tgz(t, "sub", map[string]string{"Chart.yaml": "apiVersion: v2\nname: sub\nversion: 0.2.0\n"})
	kept, notes := dropDuplicateArchives(bufferedFiles(append(files[:4:4], renderapi.File{Name: "charts/sub-0.2.0.tgz", Data: other})))
	if len(kept) != 5 || len(notes) != 0 {
		t.Errorf("another version: kept %d files, notes %q", len(kept), notes)
	}
}

func bufferedFiles(fs []renderapi.File) []*loader.BufferedFile {
	out := make([]*loader.BufferedFile, len(fs))
	for i, f := range fs {
		out[i] = &loader.BufferedFile{Name: f.Name, Data: f.Data}
	}
	return out
}
