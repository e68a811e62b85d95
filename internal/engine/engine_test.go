package engine

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const nodeClass = "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: %s\nspec:\n  role: r\n  amiSelectorTerms:\n    - alias: al2023@latest\n"

func TestDiscoverySkipsAndHostileTrees(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	write(t, outside, map[string]string{"secret.yaml": strings.Replace(nodeClass, "%s", "outside", 1)})
	write(t, root, map[string]string{
		"k8s/a.yaml":                        strings.Replace(nodeClass, "%s", "a", 1),
		".terraform/modules/x/main.tf":      "resource \"aws_iam_role\" \"cached\" {}\n",
		".terragrunt-cache/y/main.tf":       "resource \"aws_iam_role\" \"cached\" {}\n",
		"node_modules/p/x.yaml":             strings.Replace(nodeClass, "%s", "npm", 1),
		"vendor/v/x.yaml":                   strings.Replace(nodeClass, "%s", "vendored", 1),
		"testdata/t.yaml":                   strings.Replace(nodeClass, "%s", "fixture", 1),
		"charts/c/Chart.yaml":               "apiVersion: v2\nname: c\nversion: 0.1.0\n",
		"charts/c/templates/nodeclass.yaml": "{{- if .Values.enabled }}\nkind: EC2NodeClass\n{{- end }}\n",
		"infra/main.tf":                     "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n",
	})
	// A symlink loop, a link out of the tree, a broken link.
	must(t, os.Symlink(root, filepath.Join(root, "k8s", "loop")))
	must(t, os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(root, "k8s", "escape.yaml")))
	must(t, os.Symlink(filepath.Join(root, "nope.yaml"), filepath.Join(root, "k8s", "broken.yaml")))
	// A huge manifest.
	big := make([]byte, maxManifest+1)
	for i := range big {
		big[i] = '#'
	}
	must(t, os.WriteFile(filepath.Join(root, "k8s", "huge.yaml"), big, 0o644))

	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, nc := range l.Input.Model.NodeClasses {
		n, _ := nc.Name.Str()
		names = append(names, n)
	}
	if strings.Join(names, ",") != "a" {
		t.Errorf("node classes = %v, want only a (skipped dirs, templates and escaping links are not read)", names)
	}
	if len(l.Input.Model.Roles) != 1 {
		t.Errorf("roles = %d, want 1 (.terraform and .terragrunt-cache skipped)", len(l.Input.Model.Roles))
	}
	var huge bool
	for _, d := range l.Input.Diagnostics {
		if d.Range.File == "k8s/huge.yaml" && strings.Contains(d.Detail+d.Summary, "larger") {
			huge = true
		}
	}
	if !huge {
		t.Errorf("no FL000 diagnostic for the huge file: %+v", l.Input.Diagnostics)
	}
	notes := map[string]string{}
	for _, n := range l.Input.Notes {
		notes[n.Range.File] = n.What
	}
	if !strings.Contains(notes["k8s/escape.yaml"], "out of the scanned tree") || !strings.Contains(notes["k8s/broken.yaml"], "symlink") {
		t.Errorf("symlink notes = %v", notes)
	}
}

func TestTestdataIsReadWhenNamedExplicitly(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"testdata/case/a.yaml": strings.Replace(nodeClass, "%s", "a", 1)})
	l, err := Load(Options{Paths: []string{filepath.Join(root, "testdata", "case")}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Input.Model.NodeClasses) != 1 || l.Input.Model.NodeClasses[0].Range.File != "testdata/case/a.yaml" {
		t.Errorf("explicit path below testdata not read: %+v", l.Input.Model.NodeClasses)
	}
}

func TestConfigExcludesAndScopes(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		".faultline.hcl":  "exclude = [\"legacy/**\"]\nscope \"prod\" {\n  account = \"111111111111\"\n  cluster = \"prod\"\n}\n",
		"legacy/a.yaml":   strings.Replace(nodeClass, "%s", "legacy", 1),
		"prod/k8s/b.yaml": strings.Replace(nodeClass, "%s", "b", 1),
		"prod/main.tf":    "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n",
	})
	cfg, err := lint.LoadConfig(filepath.Join(root, ".faultline.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(Options{Paths: []string{root}, Cwd: root, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	m := l.Input.Model
	if len(m.NodeClasses) != 1 || m.NodeClasses[0].Scope.Account != "111111111111" || m.NodeClasses[0].Scope.Cluster != "prod" {
		t.Errorf("node classes = %+v", m.NodeClasses)
	}
	if len(m.Roles) != 1 || m.Roles[0].Scope.Account != "111111111111" {
		t.Errorf("roles = %+v", m.Roles)
	}
}

func TestMissingPath(t *testing.T) {
	if _, err := Load(Options{Paths: []string{"does-not-exist"}, Cwd: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "does-not-exist") {
		t.Errorf("err = %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestDiagnosticsCappedPerFile(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	for i := 0; i < 10; i++ {
		b.WriteString("variable \"v" + string(rune('a'+i)) + "\" { type = string\n  default = \"x\" }\n")
	}
	write(t, root, map[string]string{"vars.tf": b.String(), "ok.yaml": "a: b\n"})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	ds := l.Input.Diagnostics
	if len(ds) != 4 || ds[0].Range.Line != 1 || !strings.Contains(ds[3].Summary, "7 more problems in this file") {
		t.Errorf("diagnostics = %+v", ds)
	}
	// The summary is where the first problem not reported is: after the
	// third, so that sorted output keeps it last.
	if len(ds) == 4 && !ds[2].Range.Less(ds[3].Range) {
		t.Errorf("summary at %v, not after the last problem reported (%v)", ds[3].Range, ds[2].Range)
	}
}

// One problem past the cap is reported itself, not as "1 more".
func TestDiagnosticsCapOneMoreReported(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	for i := 0; i < 4; i++ {
		b.WriteString("variable \"w" + string(rune('a'+i)) + "\" { type = string\n  default = \"x\" }\n")
	}
	write(t, root, map[string]string{"vars.tf": b.String()})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	ds := l.Input.Diagnostics
	if len(ds) != 4 || ds[3].Range.Line != 7 || strings.Contains(ds[3].Summary, "more problems") {
		t.Errorf("diagnostics = %+v, want the four problems", ds)
	}
}

func TestConfiguredChartValuesAndVariables(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		".faultline.hcl":                    "chart \"charts/nodes\" {\n  values_files = [\"../../env/prod.yaml\"]\n}\n\nterraform \"infra\" {\n  vars = { cluster = \"prod\" }\n}\n",
		"env/prod.yaml":                     "role: prod-nodes\n",
		"charts/nodes/Chart.yaml":           "apiVersion: v2\nname: nodes\nversion: 0.1.0\n",
		"charts/nodes/values.yaml":          "role: changeme\n",
		"charts/nodes/templates/class.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  role: {{ .Values.role }}\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
		"infra/main.tf":                     "variable \"cluster\" {}\nresource \"aws_iam_role\" \"nodes\" {\n  name = \"${var.cluster}-nodes\"\n}\n",
	})
	cfg, err := lint.LoadConfig(filepath.Join(root, ".faultline.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(Options{Paths: []string{root}, Cwd: root, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	m := l.Input.Model
	if len(m.Roles) != 1 || m.Roles[0].Name.String() != "prod-nodes" {
		t.Errorf("terraform block vars not applied: %+v", m.Roles)
	}
	if len(m.NodeClasses) != 1 || m.NodeClasses[0].Role.Value.String() != "prod-nodes" || m.NodeClasses[0].Role.Range.File != "env/prod.yaml" {
		t.Fatalf("chart values files not applied: %+v", m.NodeClasses)
	}
	if len(m.NodeClasses[0].Inferred) == 0 {
		t.Error("a chart rendered with configured values is still inferred (release name and namespace assumed)")
	}
}

// TestRemoteChartServiceAccount: a Terraform helm_release of a remote chart
// creates the chart's service account where the release installs it, bound
// to the role its values name.
func TestRemoteChartServiceAccount(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"main.tf": `resource "aws_iam_role" "karpenter" {
  name = "karpenter-controller"
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.karpenter.arn
  }
}
`})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	var sa *lint.ServiceAccount
	for _, x := range l.Input.Model.ServiceAccounts {
		sa = x
	}
	if sa == nil {
		t.Fatal("no service account")
	}
	if sa.Namespace.String() != "kube-system" || sa.Name.String() != "karpenter" || len(sa.Inferred) != 0 {
		t.Errorf("service account = %s/%s inferred %v", sa.Namespace, sa.Name, sa.Inferred)
	}
	if ref, ok := sa.RoleARN.Value.SoleRef(); !ok || ref.Path != "arn" || !strings.HasSuffix(ref.Object, "aws_iam_role.karpenter") || sa.RoleARN.Range.Line != 12 {
		t.Errorf("role = %s at %+v", sa.RoleARN.Value, sa.RoleARN.Range)
	}
}

// TestChartMetadata: the YAML of a chart's directory no installer applies —
// directly in it, or in a hidden directory of it — is the chart's, not a
// manifest; its other directories (templates/, crds/, example
// Applications) are not; a subchart is its own chart; files outside every
// chart are manifests.
func TestChartMetadata(t *testing.T) {
	files := []string{
		"/r/charts/app/Chart.yaml",
		"/r/charts/app/values.yaml",
		"/r/charts/app/ci/lint-values.yaml",
		"/r/charts/app/.gitlab/release.yml",
		"/r/charts/app/.gitlab/ci/jobs.yml",
		"/r/charts/app/templates/extra.yaml",
		"/r/charts/app/crds/widget.yaml",
		"/r/charts/app/examples/team-a/application.yaml",
		"/r/charts/app/charts/db/Chart.yaml",
		"/r/charts/app/charts/db/templates/sts.yaml",
		"/r/charts/app/charts/db/.github/labels.yaml",
		"/r/deploy/app.yaml",
		"/r/deploy/.hidden/app.yaml",
		"/r/charts/notachart/values.yaml",
		"/r/charts/app/helmfile.yaml",
	}
	want := map[string]bool{
		"/r/charts/app/Chart.yaml":                    true,
		"/r/charts/app/values.yaml":                   true,
		"/r/charts/app/.gitlab/release.yml":           true,
		"/r/charts/app/.gitlab/ci/jobs.yml":           true,
		"/r/charts/app/charts/db/Chart.yaml":          true,
		"/r/charts/app/charts/db/.github/labels.yaml": true,
	}
	got := chartMetadata(files)
	for _, f := range files {
		if got[f] != want[f] {
			t.Errorf("%s: chart metadata %v, want %v", f, got[f], want[f])
		}
	}
}

// TestCapPerFileCountsDistinctProblems: one problem met twice (two
// Argo CD Applications of one chart failing alike) is one, and does not
// push a distinct one out or add "more problems".
func TestCapPerFileCountsDistinctProblems(t *testing.T) {
	at := lint.Range{File: "chart/templates/cm.yaml", Line: 1, Column: 15}
	a := lint.Diagnostic{Range: at, Summary: "cannot render chart", Detail: "for Application a"}
	b := lint.Diagnostic{Range: at, Summary: "cannot render chart", Detail: "for Application b"}
	got := capPerFile([]lint.Diagnostic{a, a, b, b}, 3)
	if len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("capPerFile = %+v, want a and b once each", got)
	}
	c := lint.Diagnostic{Range: lint.Range{File: at.File, Line: 2}, Summary: "other"}
	d := lint.Diagnostic{Range: lint.Range{File: at.File, Line: 3}, Summary: "another"}
	// One past the cap is reported itself; two past it are counted.
	got = capPerFile([]lint.Diagnostic{a, b, b, c, d}, 3)
	if len(got) != 4 || got[3] != d {
		t.Fatalf("capPerFile = %+v, want all four", got)
	}
	e := lint.Diagnostic{Range: lint.Range{File: at.File, Line: 4}, Summary: "last"}
	got = capPerFile([]lint.Diagnostic{a, b, c, d, e}, 3)
	if len(got) != 4 || !strings.HasPrefix(got[3].Summary, "2 more problems") || got[3].Range != d.Range {
		t.Fatalf("capPerFile = %+v, want three and two more", got)
	}
}

// A manifest beside a kustomization that does not list it is applied by
// none of the tools that apply that directory: it is read as nothing,
// with a note; one holding a GitOps entry point applied by hand to
// bootstrap (an Argo CD Application) is read. One the kustomization names
// in a form its build refuses is part of that build only, not read on its
// own either.
func TestManifestBesideKustomizationNotListed(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"apps/kustomization.yaml": "resources:\n  - listed.yaml\n",
		"apps/listed.yaml":        strings.Replace(nodeClass, "%s", "listed", 1),
		"apps/leftover.yaml":      strings.Replace(nodeClass, "%s", "leftover", 1),
		"apps/root-app.yaml": `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: root
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://git.example.com/platform.git
    path: apps
    targetRevision: main
  destination:
    server: https://kubernetes.default.svc
`,
		"other/leftover.yaml": strings.Replace(nodeClass, "%s", "elsewhere", 1),
		// Named in a form kustomize refuses (a patch as a bare path):
		// listed, not left behind, and part of that failing build only.
		"broken/kustomization.yaml": "resources:\n  - ./listed.yaml\npatches:\n  - patch.yaml\n",
		"broken/listed.yaml":        strings.Replace(nodeClass, "%s", "broken", 1),
		"broken/patch.yaml":         strings.Replace(nodeClass, "%s", "patched", 1),
		// Helm values an Application reads through a $ref source: data,
		// no object, not a manifest left out.
		"apps/pools-values-prod.yaml": "nodeRole: prod-karpenter-nodes\npools:\n  batch: false\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, nc := range l.Input.Model.NodeClasses {
		n, _ := nc.Name.Str()
		names = append(names, n)
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "elsewhere,listed" {
		t.Errorf("node classes = %v, want elsewhere (no kustomization beside it) and listed", names)
	}
	notes := map[string]string{}
	for _, n := range l.Input.Notes {
		notes[n.Range.File] = n.What
	}
	if !strings.Contains(notes["apps/leftover.yaml"], "the kustomization beside it does not list it") {
		t.Errorf("notes = %v, want apps/leftover.yaml noted", notes)
	}
	if n := notes["broken/patch.yaml"]; strings.Contains(n, "does not list it") || !strings.Contains(n, "takes part in that kustomization's build only") {
		t.Errorf("a file the kustomization names as a bare patch is noted %q, want noted as part of that build only", n)
	}
	if _, ok := notes["apps/root-app.yaml"]; ok {
		t.Errorf("the Application beside the kustomization is noted as not read: %v", notes)
	}
	if n, ok := notes["apps/pools-values-prod.yaml"]; ok {
		t.Errorf("a values file holding no object is noted %q, want no note: it is no manifest", n)
	}
}
