package helm

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/tgztest"
	"github.com/faultline-dev/faultline/lint"
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

// A release of a remote chart at an exact version whose archive the tree
// holds under the name Helm gives it (the helm provider's repository
// cache committed, a `helm pull`) renders that archive with its own
// values, not the archive alone with its defaults; a version range, or
// another version, leaves it modelled from its values.
func TestRemoteReleaseRendersItsArchiveOfTheTree(t *testing.T) {
	for _, c := range []struct {
		version string
		ours    bool
	}{{"2.4.0", true}, {"v2.4.0", true}, {"~2.4.0", false}, {"2.4.1", false}} {
		t.Run(c.version, func(t *testing.T) {
			root := t.TempDir()
			archive := filepath.Join(root, "probe-2.4.0.tgz")
			writeTGZ(t, archive,
				"probe/Chart.yaml", "apiVersion: v2\nname: probe\nversion: 2.4.0\n",
				"probe/values.yaml", "region: \"\"\n",
				"probe/templates/config.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: probe\ndata:\n  region: {{ required \"region is required\" .Values.region }}\n")
			r := &lint.Release{Chart: "probe", Repository: "https://charts.example.com", Version: c.version, Values: map[string]any{"region": "eu-west-1"}}
			r.Addr, r.Label, r.Name, r.Namespace = "helm_release.probe", "helm_release.probe", lint.Known("probe"), lint.Known("ops")
			out := Render(context.Background(), FindCharts([]string{archive}), []*lint.Release{r}, options(root, nil))
			var byRelease, byDefaults int
			for _, rd := range out.Rendered {
				if rd.Release == r {
					byRelease++
				} else {
					byDefaults++
				}
			}
			if c.ours && (byRelease != 1 || byDefaults != 0 || len(out.Notes) != 0) {
				t.Errorf("rendered %d with the release, %d with defaults, notes %+v; want the archive rendered once with the release", byRelease, byDefaults, out.Notes)
			}
			if !c.ours && byRelease != 0 {
				t.Errorf("rendered %d with the release of version %s; want none", byRelease, c.version)
			}
		})
	}
}
