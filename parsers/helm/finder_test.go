package helm

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// A file given without documents that can hold nothing the finder reads
// but a ConfigMap is parsed only once a Flux HelmRelease may be among
// the files, whose valuesFrom then reads it as before.
func TestFinderParsesConfigMapsForHelmReleases(t *testing.T) {
	cm := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\ndata:\n  values.yaml: |\n    replicas: 4\n")
	hr := []byte(`apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: web
spec:
  chart:
    spec:
      chart: web
      sourceRef:
        kind: HelmRepository
        name: charts
  valuesFrom:
    - kind: ConfigMap
      name: web-values
`)
	f := NewFinder(Options{})
	f.AddParsed("values.yaml", "/r/values.yaml", cm, nil, lint.Scope{})
	if rels, _, _ := f.Releases(); len(rels) != 0 || f.files[0].docs != nil || !f.files[0].configMapsOnly {
		t.Fatalf("no HelmRelease: %d releases, ConfigMap file parsed %v", len(rels), f.files[0].docs != nil)
	}
	f.AddParsed("release.yaml", "/r/release.yaml", hr, nil, lint.Scope{})
	rels, _, notes := f.Releases()
	if len(rels) != 1 || fmt.Sprint(rels[0].Values) != "map[replicas:4]" {
		t.Fatalf("with a HelmRelease: %d releases (%v), notes %v; want its values from the ConfigMap", len(rels), rels, notes)
	}
}

// An Argo CD resource is told by "argoproj.io" starting its apiVersion,
// however the value is written; the sync-wave annotation GitOps
// repositories put on everything is not one, and such a file is skipped
// without being parsed.
func TestMayHoldArgoCD(t *testing.T) {
	for text, want := range map[string]bool{
		"apiVersion: argoproj.io/v1alpha1\nkind: Application\n":                     true,
		"apiVersion: \"argoproj.io/v1alpha1\"\nkind: ApplicationSet\n":              true,
		"{\"apiVersion\": \"argoproj.io\\/v1alpha1\", \"kind\": \"Application\"}\n": true,
		"argoproj.io/v1alpha1": true,
		"metadata:\n  annotations:\n    argocd.argoproj.io/sync-wave: \"-1\"\n": false,
		"kind: Workflow\napiVersion: workflows.argoproj.io/v1\n":                false,
		"kind: Deployment\n": false,
		"annotations:\n  notifications.argoproj.io/subscribe: x\napiVersion: argoproj.io/v1alpha1\n": true,
	} {
		if got := mayHoldArgoCD([]byte(text)); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
	f := NewFinder(Options{})
	f.AddParsed("cm.yaml", "/r/cm.yaml", []byte("apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  annotations:\n    argocd.argoproj.io/sync-wave: \"2\"\n"), nil, lint.Scope{})
	if len(f.files) != 0 {
		t.Errorf("a file whose only Argo CD text is an annotation was kept to be read: %d files", len(f.files))
	}
}

// A HelmRelease's valuesFrom ConfigMap made empty by one Terraform
// resource and filled by a kubernetes_config_map_v1_data reads the key
// the data resource writes, over the ConfigMap's own; data known only at
// apply leaves the values unread, with a note.
func TestValuesFromConfigMapDataAdded(t *testing.T) {
	hr := []byte(`apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: web
  namespace: apps
spec:
  chart:
    spec:
      chart: web
      sourceRef:
        kind: HelmRepository
        name: charts
  valuesFrom:
    - kind: ConfigMap
      name: web-values
`)
	empty := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  namespace: apps\ndata:\n  values.yaml: |\n    replicas: 1\n")
	added := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  namespace: apps\ndata:\n  values.yaml: |\n    replicas: 4\n")
	head := []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  namespace: apps\n")
	for _, c := range []struct {
		name     string
		produced []Produced
		values   string
		note     bool
	}{
		{"added over the base", []Produced{{Name: "cm.tf@b", Data: empty}, {Name: "cm.tf@a", Data: added, AddsData: true}}, "map[replicas:4]", false},
		{"added alone", []Produced{{Name: "cm.tf@a", Data: added, AddsData: true}}, "map[replicas:4]", false},
		{"base alone", []Produced{{Name: "cm.tf@b", Data: empty}}, "map[replicas:1]", false},
		{"added data known at apply", []Produced{{Name: "cm.tf@b", Data: empty}, {Name: "cm.tf@a", Data: head, AddsData: true, DataUnknown: true}}, "map[]", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := NewFinder(Options{})
			f.AddParsed("release.yaml", "/r/release.yaml", hr, nil, lint.Scope{})
			for _, p := range c.produced {
				p.Dir, p.Map = "/r", func(r lint.Range, _ string) lint.Range { return r }
				f.AddProduced(p)
			}
			rels, _, notes := f.Releases()
			if len(rels) != 1 || fmt.Sprint(rels[0].Values) != c.values {
				t.Fatalf("%d releases (%v), notes %v; want values %s", len(rels), rels, notes, c.values)
			}
			unread := false
			for _, n := range notes {
				unread = unread || strings.Contains(n.What, "known only at apply")
			}
			if unread != c.note {
				t.Errorf("notes %v: a note of data known only at apply %v, want %v", notes, unread, c.note)
			}
		})
	}
}

// A release field written with helmfile's release template is rendered
// with the release's name and namespace after the file's own pass; one
// reading anything else is not known.
func TestHelmfileReleaseTemplate(t *testing.T) {
	for _, tc := range []struct {
		text string
		// env is the environment when known ("" with known false: not).
		env   string
		known bool
		want  string
	}{
		{"./{{`{{ .Release.Name }}`}}", "", false, "./dns"},
		{"charts/{{`{{ .Release.Namespace }}`}}/{{`{{ .Release.Name }}`}}", "", false, "charts/edge/dns"},
		{"./{{ .Environment.Name }}/chart", "", false, ""},
		{"./{{`{{ .Release.Name }}`}}/values-{{ .Environment.Name }}.yaml", "", false, ""},
		{"./{{ .Environment.Values.chart }}", "", false, ""},
		{"./{{`{{ .Values.chart }}`}}", "", false, ""},
		{"./{{`{{ .Release.Name | upper }}`}}", "", false, ""},
		{"./plain", "", false, ""},
		// With the environment known (the one declared, or "default").
		{"values/{{ .Environment.Name }}.yaml", "prod", true, "values/prod.yaml"},
		{"./{{`{{ .Release.Name }}`}}/values-{{ .Environment.Name }}.yaml", "prod", true, "./dns/values-prod.yaml"},
		{"./{{ .Environment.Values.chart }}", "prod", true, ""},
	} {
		got, ok := releaseTemplate(tc.text, "dns", "edge", tc.env, tc.known)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("%s (environment %q): %q %v, want %q", tc.text, tc.env, got, ok, tc.want)
		}
	}
}

// A helmfile release's version written as a template, bare (a YAML
// mapping) or quoted, is not known statically; a plain one is kept.
func TestHelmfileTemplatedVersion(t *testing.T) {
	root := t.TempDir()
	text := "releases:\n  - name: a\n    chart: oci://public.ecr.aws/karpenter/karpenter\n    version: {{ .Values.v }}\n" +
		"  - name: b\n    chart: oci://public.ecr.aws/karpenter/karpenter\n    version: \"{{ .Values.v }}\"\n" +
		"  - name: c\n    chart: oci://public.ecr.aws/karpenter/karpenter\n    version: 1.0.0\n"
	if err := os.WriteFile(filepath.Join(root, "helmfile.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	rels, _, _ := findReleases(t, root, options(root, nil))
	got := map[string]string{}
	for _, r := range rels {
		n, _ := r.Name.Str()
		got[n] = fmt.Sprintf("%q %v", r.Version, r.VersionUnknown)
	}
	for name, want := range map[string]string{"a": `"" true`, "b": `"" true`, "c": `"1.0.0" false`} {
		if got[name] != want {
			t.Errorf("release %s: version %s, want %s", name, got[name], want)
		}
	}
}

// A helmfile's values file named from the environment is read for the
// one environment the file declares, and for "default" when it declares
// none; with two declared, which one a run uses is not known.
func TestHelmfileEnvironmentValues(t *testing.T) {
	for _, tc := range []struct {
		envs, want string
	}{
		{"environments:\n  staging: {}\n---\n", "staging"},
		{"", "default"},
		{"environments:\n  staging: {}\n  prod: {}\n---\n", ""},
		// Environments of a base file are not read; a templated name is
		// not known.
		{"bases:\n  - ./environments.yaml\n---\n", ""},
		{"environments:\n  {{ .Environment.Name }}:\n---\n", ""},
	} {
		root := t.TempDir()
		text := tc.envs + "releases:\n  - name: web\n    chart: oci://registry.example.com/charts/web\n    version: 1.0.0\n    values:\n      - values/{{ .Environment.Name }}.yaml\n"
		for file, content := range map[string]string{
			"helmfile.yaml":       text,
			"values/staging.yaml": "tier: staging\n",
			"values/default.yaml": "tier: default\n",
			"values/prod.yaml":    "tier: prod\n",
		} {
			write(t, filepath.Join(root, file), content)
		}
		rels, _, _ := findReleases(t, root, options(root, nil))
		if len(rels) != 1 {
			t.Fatalf("%q: %d releases", tc.envs, len(rels))
		}
		got, _ := rels[0].Values["tier"].(string)
		if got != tc.want {
			t.Errorf("%q: tier %q, want %q (values unknown: %q)", tc.envs, got, tc.want, rels[0].ValuesUnknown)
		}
	}
}

// A HelmRelease's post-renderers patch what the chart renders: they are
// not applied, so the release's values are marked not all known (what is
// modelled from the rendering is not certain) and a note says so; without
// them, nothing is noted.
func TestFluxPostRenderersNoted(t *testing.T) {
	release := func(post string) []byte {
		return []byte(`apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: dns
  namespace: network
spec:
  chart:
    spec:
      chart: external-dns
      sourceRef:
        kind: HelmRepository
        name: charts
  values:
    serviceAccount:
      name: dns
` + post)
	}
	for _, tc := range []struct {
		post    string
		unknown bool
	}{
		{"", false},
		{"  postRenderers:\n    - kustomize:\n        patches:\n          - target: {kind: ServiceAccount}\n            patch: |\n              - op: add\n                path: /metadata/annotations/x\n                value: y\n", true},
		{"  postRenderers: []\n", false},
	} {
		f := NewFinder(Options{})
		f.AddParsed("release.yaml", "/r/release.yaml", release(tc.post), nil, lint.Scope{})
		rels, _, notes := f.Releases()
		if len(rels) != 1 {
			t.Fatalf("%d releases", len(rels))
		}
		noted := len(notes) == 1 && strings.Contains(notes[0].What, "spec.postRenderers patch the chart's rendered manifests")
		if (rels[0].ValuesUnknown != "") != tc.unknown || noted != tc.unknown {
			t.Errorf("post-renderers %q: values unknown %q, notes %v", tc.post, rels[0].ValuesUnknown, notes)
		}
	}
}
