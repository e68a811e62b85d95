package unitcache

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// A chart load kept is the load exactly: Render from kept loads gives
// what it gives from loads made — every template's output, name and
// file, the answer to a position on every line, entities, diagnostics
// and notes — for the generated tree's charts and the helm parser's test
// charts (broken ones, subcharts, archives, duplicate values keys).
func TestKeptChartLoadsRoundTrip(t *testing.T) {
	gen := t.TempDir()
	if _, err := benchgen.Generate(gen, benchgen.Options{Teams: 3, ShareEvery: 1}); err != nil {
		t.Fatal(err)
	}
	// A chart writing a values key twice, with a subchart.
	own := t.TempDir()
	write(t, own, map[string]string{
		"dups/Chart.yaml":                   "apiVersion: v2\nname: dups\nversion: 0.1.0\n",
		"dups/values.yaml":                  "name: a\nimage:\n  tag: \"1\"\nname: b\n",
		"dups/templates/sa.yaml":            "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}\n  labels:\n    tag: {{ .Values.image.tag | quote }}\n",
		"dups/charts/sub/Chart.yaml":        "apiVersion: v2\nname: sub\nversion: 0.1.0\n",
		"dups/charts/sub/values.yaml":       "role: x\nrole: y\n",
		"dups/charts/sub/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.role }}\n",
		// Files only a rendering reads, which a kept load reads again
		// from the chart directory: a file a template gets, a CRD.
		"dups/files/owner.txt":   "team-a\n",
		"dups/templates/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: owner\ndata:\n  owner: {{ .Files.Get \"files/owner.txt\" | trim }}\n",
		"dups/crds/widget.yaml":  "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n",
		// A values file of comments only: no document.
		"empty/Chart.yaml":        "apiVersion: v2\nname: empty\nversion: 0.1.0\n",
		"empty/values.yaml":       "# given at install time\n",
		"empty/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Release.Name }}\n",
	})
	dirs := []string{gen, own}
	// Not testdata/hostile: the in-process renderer is not bounded.
	for _, d := range []string{"broken", "karpenter", "releases"} {
		td, err := filepath.Abs(filepath.Join("..", "..", "..", "parsers", "helm", "testdata", d))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, td)
	}
	total := 0
	for _, dir := range dirs {
		tree := treefs.New([]string{dir}, "")
		var found []string
		for _, name := range []string{"Chart.yaml", "*.tgz"} {
			found = append(found, findGlob(t, dir, name)...)
		}
		charts := helm.FindCharts(found)
		store, err := cache.Open(t.TempDir(), cache.DefaultMax)
		if err != nil {
			t.Fatal(err)
		}
		render := func(u *Units) (helm.Output, Report) {
			opts := helm.Options{Tree: tree, Renderer: chartrender.InProcess{}, Charts: u}
			out := helm.Render(context.Background(), charts, nil, opts)
			u.Flush()
			return out, u.Done()
		}
		fresh, made := render(unitsFor(store, tree))
		kept, again := render(unitsFor(store, tree))
		if made.LoadsMade == 0 || again.LoadsKept != made.LoadsMade || again.LoadsMade != 0 {
			t.Fatalf("%s: %d charts, loads %s then %s: the test proves nothing", dir, len(charts), made, again)
		}
		total += made.LoadsMade
		if g, w := renderedText(kept), renderedText(fresh); g != w {
			t.Errorf("%s: kept loads render\n%s\nwant\n%s", dir, g, w)
		}
		if !reflect.DeepEqual(kept.Entities, fresh.Entities) || !reflect.DeepEqual(kept.Diagnostics, fresh.Diagnostics) || !reflect.DeepEqual(kept.Notes, fresh.Notes) {
			t.Errorf("%s: kept loads give other entities, diagnostics or notes:\n%+v\n%+v\nwant\n%+v\n%+v", dir, kept.Diagnostics, kept.Notes, fresh.Diagnostics, fresh.Notes)
		}
	}
	t.Logf("%d chart loads kept", total)
}

// renderedText is every rendered template of out with the positions its
// lines and scalars map to.
func renderedText(out helm.Output) string {
	var b strings.Builder
	for _, r := range out.Rendered {
		fmt.Fprintf(&b, "== %s %s %s %s %v\n", r.Name, r.File, r.Template, r.ChartName, r.Inferred)
		for i, line := range strings.Split(string(r.Content), "\n") {
			col := len(line) - len(strings.TrimLeft(line, " -")) + 1
			at := lint.Range{File: r.Name, Line: i + 1, Column: col, EndLine: i + 1, EndColumn: len(line) + 1}
			text := ""
			if _, v, ok := strings.Cut(line, ": "); ok {
				text = strings.TrimSpace(v)
			}
			fmt.Fprintf(&b, "%s | %v %v\n", line, r.Map(at, ""), r.Map(at, text))
		}
	}
	return b.String()
}

// findGlob lists the files under dir whose name matches pattern.
func findGlob(t *testing.T, dir, pattern string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ok, _ := filepath.Match(pattern, d.Name()); ok {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
