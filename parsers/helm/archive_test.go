package helm

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/tgztest"
)

// writeTGZ writes a gzip-compressed tar archive of the files, given as
// name, content pairs in order.
func writeTGZ(t *testing.T, path string, files ...string) {
	t.Helper()
	if err := tgztest.Write(path, files...); err != nil {
		t.Fatal(err)
	}
}

// TestArchiveThatIsNotAChart: a .tgz with no Chart.yaml one directory
// deep (a drawing tool's export, with a macOS "._" entry Helm's loader
// refuses) is noted as not a chart, never FL000; a chart archive with an
// entry outside its directory still is.
func TestArchiveThatIsNotAChart(t *testing.T) {
	root := t.TempDir()
	writeTGZ(t, filepath.Join(root, "architecture.excalidraw.tgz"),
		"._architecture.excalidraw", "xattr",
		"architecture.excalidraw", `{"type": "excalidraw"}`)
	writeTGZ(t, filepath.Join(root, "nodes-0.1.0.tgz"),
		"nodes/Chart.yaml", "apiVersion: v2\nname: nodes\nversion: 0.1.0\n",
		"._nodes", "xattr")
	opts := options(root, nil)
	charts := FindCharts([]string{filepath.Join(root, "architecture.excalidraw.tgz"), filepath.Join(root, "nodes-0.1.0.tgz")})
	out := Render(context.Background(), charts, nil, opts)
	if len(out.Diagnostics) != 1 || out.Diagnostics[0].Range.File != "nodes-0.1.0.tgz" {
		t.Errorf("diagnostics = %+v, want one for nodes-0.1.0.tgz", out.Diagnostics)
	}
	noted := false
	for _, n := range out.Notes {
		if strings.Contains(n.What, "architecture.excalidraw.tgz: archive without Chart.yaml is not a Helm chart") {
			noted = true
		}
	}
	if !noted {
		t.Errorf("notes = %+v, want the drawing noted as not a chart", out.Notes)
	}
}
