package helm

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// A remote helmCharts entry becomes a release whose values merge as
// kustomize merges them: valuesMerge decides between the values file and
// the inline values, and the additional values files come last; the
// release is in the namespace the build gave, where the entry is written.
func TestKustomizeRemoteChartValues(t *testing.T) {
	for _, tc := range []struct {
		merge string
		want  string
	}{
		{"", "map[a:inline b:file c:extra d:inline]"},
		{"override", "map[a:inline b:file c:extra d:inline]"},
		{"merge", "map[a:file b:file c:extra d:inline]"},
		{"replace", "map[a:inline c:extra d:inline]"},
	} {
		t.Run("merge="+tc.merge, func(t *testing.T) {
			dir := t.TempDir()
			merge := ""
			if tc.merge != "" {
				merge = "    valuesMerge: " + tc.merge + "\n"
			}
			kust := "helmCharts:\n  - name: other\n    repo: https://charts.example.com\n  - name: web\n    repo: https://charts.example.com\n    version: 1.2.3\n    releaseName: shop\n" +
				"    valuesFile: values.yaml\n    additionalValuesFiles: [extra.yaml]\n" + merge +
				"    valuesInline:\n      a: inline\n      c: inline\n      d: inline\n"
			write(t, filepath.Join(dir, "kustomization.yaml"), kust)
			write(t, filepath.Join(dir, "values.yaml"), "a: file\nb: file\n")
			write(t, filepath.Join(dir, "extra.yaml"), "c: extra\n")
			f := NewFinder(Options{Roots: []string{dir}, Rel: func(abs string) string { r, _ := filepath.Rel(dir, abs); return filepath.ToSlash(r) }})
			f.AddKustomizeChart(KustomizeChart{File: filepath.Join(dir, "kustomization.yaml"), Field: "helmCharts", Index: 1, Namespace: "shop"})
			f.AddKustomizeChart(KustomizeChart{File: filepath.Join(dir, "kustomization.yaml"), Field: "helmCharts", Index: 1, Namespace: "shop"})
			rels, diags, notes := f.Releases()
			if len(rels) != 1 || len(diags) != 0 {
				t.Fatalf("%d releases, diagnostics %v, notes %v; want one release (the same entry met twice)", len(rels), diags, notes)
			}
			r := rels[0]
			if got := fmt.Sprint(r.Values); got != tc.want {
				t.Errorf("values %s, want %s", got, tc.want)
			}
			if r.Chart != "web" || r.Repository != "https://charts.example.com" || r.Version != "1.2.3" || r.Tool != "kustomize" || r.ChartDir != "" {
				t.Errorf("chart %q repo %q version %q tool %q dir %q", r.Chart, r.Repository, r.Version, r.Tool, r.ChartDir)
			}
			if lint.Compare(r.Name, lint.Known("shop")) != lint.Yes || lint.Compare(r.Namespace, lint.Known("shop")) != lint.Yes {
				t.Errorf("release %v in namespace %v, want shop in shop", r.Name, r.Namespace)
			}
			if r.Range.File != "kustomization.yaml" || r.Range.Line != 4 {
				t.Errorf("release at %v, want kustomization.yaml:4 (the entry's name)", r.Range)
			}
			if want := "extra.yaml"; r.ValueRanges["c"].File != want {
				t.Errorf("value c set at %v, want %s", r.ValueRanges["c"], want)
			}
		})
	}
}

// A remote values file leaves the values not all known; without a
// namespace the release's is not known; a missing values file is the
// FL000 kustomize reports.
func TestKustomizeRemoteChartUnknowns(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "kustomization.yaml"), "helmCharts:\n  - name: web\n    repo: https://charts.example.com\n    valuesFile: https://example.com/values.yaml\n  - name: api\n    repo: https://charts.example.com\n    valuesFile: missing.yaml\n")
	f := NewFinder(Options{Roots: []string{dir}, Rel: func(abs string) string { r, _ := filepath.Rel(dir, abs); return filepath.ToSlash(r) }})
	f.AddKustomizeChart(KustomizeChart{File: filepath.Join(dir, "kustomization.yaml"), Field: "helmCharts", Index: 0})
	f.AddKustomizeChart(KustomizeChart{File: filepath.Join(dir, "kustomization.yaml"), Field: "helmCharts", Index: 1})
	rels, diags, _ := f.Releases()
	if len(rels) != 2 {
		t.Fatalf("%d releases, want 2", len(rels))
	}
	if rels[0].ValuesUnknown == "" || rels[0].Namespace.IsKnown() || lint.Compare(rels[0].Name, lint.Known("release-name")) != lint.Yes {
		t.Errorf("web: values unknown %q, namespace %v, name %v; want values not all known, namespace unknown, kustomize's default name", rels[0].ValuesUnknown, rels[0].Namespace, rels[0].Name)
	}
	if len(diags) != 1 || diags[0].Range.Line != 7 {
		t.Errorf("diagnostics %v, want one for the missing values file at line 7", diags)
	}
}

// A generator file's document is the entry, and its values files are
// found from the kustomization's directory.
func TestKustomizeRemoteChartOfGeneratorFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "gen", "charts.yaml"), "kind: ConfigMapGenerator\n---\napiVersion: builtin\nkind: HelmChartInflationGenerator\nname: web\nrepo: https://charts.example.com\nvaluesFile: values/web.yaml\n")
	write(t, filepath.Join(dir, "values", "web.yaml"), "replicas: 3\n")
	f := NewFinder(Options{Roots: []string{dir}, Rel: func(abs string) string { r, _ := filepath.Rel(dir, abs); return filepath.ToSlash(r) }})
	f.AddKustomizeChart(KustomizeChart{File: filepath.Join(dir, "gen", "charts.yaml"), Dir: dir, Index: 1})
	rels, diags, _ := f.Releases()
	if len(rels) != 1 || len(diags) != 0 {
		t.Fatalf("%d releases, diagnostics %v; want one", len(rels), diags)
	}
	if got := fmt.Sprint(rels[0].Values); got != "map[replicas:3]" || rels[0].Range.File != "gen/charts.yaml" || rels[0].Range.Line != 5 {
		t.Errorf("values %s at %v, want map[replicas:3] from values/web.yaml, the release at gen/charts.yaml:5 (its name)", got, rels[0].Range)
	}
}
