package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"go.yaml.in/yaml/v3"
)

// Documents every source below produces: a service account, an aws-auth
// ConfigMap and one release of each kind the finder reads.
var discoveryDocs = []string{
	"apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: dns\n  namespace: net\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/dns\n",
	"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: aws-auth\n  namespace: kube-system\ndata:\n  mapRoles: |\n    - rolearn: arn:aws:iam::111122223333:role/ops\n      username: ops\n      groups:\n        - system:masters\n",
	"apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: dns-flux\n  namespace: flux-system\nspec:\n  targetNamespace: net\n  chart:\n    spec:\n      chart: external-dns\n      sourceRef:\n        kind: HelmRepository\n        name: sigs\n",
	"apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: dns-argo\n  namespace: argocd\nspec:\n  source:\n    repoURL: https://kubernetes-sigs.github.io/external-dns/\n    chart: external-dns\n    targetRevision: 1.15.0\n  destination:\n    namespace: net\n",
	"apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata:\n  name: traefik\n  namespace: kube-system\nspec:\n  chart: traefik\n  repo: https://traefik.github.io/charts\n  targetNamespace: ingress\n  valuesContent: |-\n    deployment:\n      replicas: 2\n",
}

// discoverySource lays the documents out as one source writes them and
// says which file (as reported) holds them.
type discoverySource struct {
	name  string
	files func() map[string]string
	file  string
}

func discoverySources() []discoverySource {
	joined := strings.Join(discoveryDocs, "---\n")
	return []discoverySource{
		{"plain file", func() map[string]string { return map[string]string{"k8s/all.yaml": joined} }, "k8s/all.yaml"},
		{"kustomization", func() map[string]string {
			return map[string]string{
				"k8s/kustomization.yaml": "resources:\n  - all.yaml\n",
				"k8s/all.yaml":           joined,
			}
		}, "k8s/all.yaml"},
		{"chart output", func() map[string]string {
			return map[string]string{
				"chart/Chart.yaml":         "apiVersion: v2\nname: addons\nversion: 0.1.0\n",
				"chart/templates/all.yaml": joined,
			}
		}, "chart/templates/all.yaml"},
		{"terraform", func() map[string]string {
			var b strings.Builder
			for i, d := range discoveryDocs {
				fmt.Fprintf(&b, "resource \"kubectl_manifest\" \"m%d\" {\n  yaml_body = <<-YAML\n%sYAML\n}\n\n", i, indent(d, "    "))
			}
			return map[string]string{"infra/manifests.tf": b.String()}
		}, "infra/manifests.tf"},
	}
}

func indent(s, by string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = by + l
		}
	}
	return strings.Join(lines, "")
}

// lineOf is the 1-based line of the n-th (from 0) line holding text.
func lineOf(content, text string, n int) int {
	for i, l := range strings.Split(content, "\n") {
		if strings.Contains(l, text) {
			if n == 0 {
				return i + 1
			}
			n--
		}
	}
	return 0
}

// TestDiscoveryEverySource: whatever produces the documents — a file, a
// kustomization, a chart, Terraform — the same objects are found, each
// once, at the line of the file that writes it.
func TestDiscoveryEverySource(t *testing.T) {
	for _, src := range discoverySources() {
		t.Run(src.name, func(t *testing.T) {
			root := t.TempDir()
			files := src.files()
			write(t, root, files)
			l, err := Load(Options{Paths: []string{root}, Cwd: root})
			if err != nil {
				t.Fatal(err)
			}
			m := l.Input.Model
			content := files[src.file]
			var sas []*lint.ServiceAccount
			for _, sa := range m.ServiceAccounts {
				if n, _ := sa.Name.Str(); n == "dns" {
					sas = append(sas, sa)
				}
			}
			if len(sas) != 1 || sas[0].Range.File != src.file {
				t.Errorf("service accounts named dns = %v, want one in %s", ranges(sas), src.file)
			}
			var auth []lint.Range
			for _, ae := range m.AccessEntries {
				if ae.AWSAuth() {
					auth = append(auth, ae.Range)
				}
			}
			if len(auth) != 1 || auth[0].File != src.file {
				t.Errorf("aws-auth mappings at %v, want one in %s", auth, src.file)
			}
			for i, tool := range []string{"flux", "argocd", "helm-controller"} {
				kind := []string{"HelmRelease", "Application", "HelmChart"}[i]
				var got []*lint.Release
				for _, r := range m.Releases {
					if r.Tool == tool {
						got = append(got, r)
					}
				}
				want := lint.Range{File: src.file, Line: lineOf(content, "kind: "+kind, 0)}
				if len(got) != 1 || got[0].Range.File != want.File || got[0].Range.Line != want.Line {
					t.Errorf("%s releases at %v, want one at %s:%d", tool, ranges(got), want.File, want.Line)
				}
			}
		})
	}
}

func ranges[E lint.Entity](es []E) []string {
	var out []string
	for _, e := range es {
		r := e.Base().Range
		out = append(out, fmt.Sprintf("%s:%d", r.File, r.Line))
	}
	return out
}

// appOfApps is a root Application installing a local chart that renders
// an Application of another local chart.
func appOfApps() map[string]string {
	return map[string]string{
		"bootstrap/root.yaml":            "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: root\nspec:\n  source:\n    path: apps\n  destination:\n    namespace: argocd\n",
		"apps/Chart.yaml":                "apiVersion: v2\nname: apps\nversion: 0.1.0\n",
		"apps/values.yaml":               "ns: web\n",
		"apps/templates/web.yaml":        "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  source:\n    path: charts/web\n  destination:\n    namespace: {{ .Values.ns }}\n",
		"charts/web/Chart.yaml":          "apiVersion: v2\nname: web\nversion: 0.1.0\n",
		"charts/web/templates/sa.yaml":   "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n  namespace: {{ .Release.Namespace }}\n",
		"charts/web/templates/more.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-settings\n",
	}
}

// webAccounts are the namespaces of the service accounts named web.
func webAccounts(m *lint.Model) []string {
	var out []string
	for _, sa := range m.ServiceAccounts {
		if n, _ := sa.Name.Str(); n == "web" {
			ns, _ := sa.Namespace.Str()
			out = append(out, ns)
		}
	}
	return out
}

// TestDiscoveryAppOfApps: an Application a chart renders installs its
// chart, which then renders with that release only, never with its
// defaults as well.
func TestDiscoveryAppOfApps(t *testing.T) {
	root := t.TempDir()
	files := appOfApps()
	write(t, root, files)
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	if got := webAccounts(l.Input.Model); strings.Join(got, ",") != "web" {
		t.Errorf("service accounts web in namespaces %v, want only web (the chart renders once, for the Application in chart output)", got)
	}
	var web []*lint.Release
	for _, r := range l.Input.Model.Releases {
		if n, _ := r.Name.Str(); n == "web" {
			web = append(web, r)
		}
	}
	want := lint.Range{File: "apps/templates/web.yaml", Line: lineOf(files["apps/templates/web.yaml"], "kind: Application", 0)}
	if len(web) != 1 || web[0].Range.File != want.File || web[0].Range.Line != want.Line {
		t.Errorf("releases web at %v, want one at %s:%d", ranges(web), want.File, want.Line)
	}
}

// TestDiscoveryReleaseReachedTwice: the same Application written in a
// file and rendered by a chart is one release; so is a HelmRelease file a
// kustomization lists (the file is then not read on its own).
func TestDiscoveryReleaseReachedTwice(t *testing.T) {
	root := t.TempDir()
	files := appOfApps()
	files["bootstrap/web.yaml"] = strings.Replace(files["apps/templates/web.yaml"], "{{ .Values.ns }}", "web", 1)
	files["flux/kustomization.yaml"] = "resources:\n  - release.yaml\n"
	files["flux/release.yaml"] = discoveryDocs[2]
	write(t, root, files)
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, r := range l.Input.Model.Releases {
		n, _ := r.Name.Str()
		count[n]++
	}
	if count["web"] != 1 || count["net-dns-flux"] != 1 {
		t.Errorf("releases by name = %v, want web and net-dns-flux once each", count)
	}
	if got := webAccounts(l.Input.Model); strings.Join(got, ",") != "web" {
		t.Errorf("service accounts web in namespaces %v, want one in web", got)
	}
}

// TestDiscoverySelfInstallingChart: a chart whose output installs itself
// renders a bounded number of times. With the same values each time it is
// one release; with values that change every time discovery stops at
// maxReleaseDepth with a note.
func TestDiscoverySelfInstallingChart(t *testing.T) {
	release := "apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: loop\n  namespace: ops\nspec:\n  chart:\n    spec:\n      chart: ./loop\n      sourceRef:\n        kind: GitRepository\n        name: self\n  values:\n    level: %s\n"
	for _, tc := range []struct {
		name, level string
		stops       bool
	}{
		{"same values", "1", false},
		{"growing values", "{{ add1 (.Values.level | default 0) }}", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, map[string]string{
				"loop/Chart.yaml":            "apiVersion: v2\nname: loop\nversion: 0.1.0\n",
				"loop/templates/itself.yaml": fmt.Sprintf(release, tc.level),
			})
			l, err := Load(Options{Paths: []string{root}, Cwd: root})
			if err != nil {
				t.Fatal(err)
			}
			var stopped bool
			for _, n := range l.Input.Notes {
				stopped = stopped || strings.Contains(n.What, "levels deep")
			}
			if stopped != tc.stops {
				t.Errorf("discovery stopped = %v, want %v (notes %v)", stopped, tc.stops, l.Input.Notes)
			}
			n := len(l.Input.Model.Releases)
			if !tc.stops && n != 1 || tc.stops && (n == 0 || n > maxReleaseDepth) {
				t.Errorf("%d releases, want 1 for a fixpoint and at most %d when discovery stops", n, maxReleaseDepth)
			}
		})
	}
}

// TestDiscoveryCompositionInChartOutput: a Crossplane configuration
// packaged as a chart (XRD, Composition and claim as templates) renders
// like files do; what a chart no release installs composes is inferred.
func TestDiscoveryCompositionInChartOutput(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"xp/Chart.yaml":                 "apiVersion: v2\nname: xp\nversion: 0.1.0\n",
		"xp/templates/xrd.yaml":         "apiVersion: apiextensions.crossplane.io/v1\nkind: CompositeResourceDefinition\nmetadata:\n  name: xqueues.demo.example.org\nspec:\n  group: demo.example.org\n  names:\n    kind: XQueue\n    plural: xqueues\n  claimNames:\n    kind: Queue\n    plural: queues\n  versions:\n    - name: v1\n      served: true\n      referenceable: true\n      schema:\n        openAPIV3Schema:\n          type: object\n",
		"xp/templates/composition.yaml": "apiVersion: apiextensions.crossplane.io/v1\nkind: Composition\nmetadata:\n  name: queue-role\nspec:\n  compositeTypeRef:\n    apiVersion: demo.example.org/v1\n    kind: XQueue\n  resources:\n    - name: role\n      base:\n        apiVersion: iam.aws.upbound.io/v1beta1\n        kind: Role\n        spec:\n          forProvider:\n            assumeRolePolicy: '{}'\n      patches:\n        - type: FromCompositeFieldPath\n          fromFieldPath: spec.roleName\n          toFieldPath: metadata.annotations[crossplane.io/external-name]\n",
		"xp/templates/claim.yaml":       "apiVersion: demo.example.org/v1\nkind: Queue\nmetadata:\n  name: orders\n  namespace: shop\nspec:\n  roleName: orders-queue\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	var got []*lint.Role
	for _, r := range l.Input.Model.Roles {
		if n, _ := r.Name.Str(); n == "orders-queue" {
			got = append(got, r)
		}
	}
	if len(got) != 1 || got[0].Range.File != "xp/templates/composition.yaml" {
		t.Fatalf("composed roles orders-queue at %v, want one in xp/templates/composition.yaml", ranges(got))
	}
	if !slices.Contains(got[0].Inferred, helm.InferredDefaults) {
		t.Errorf("composed role inferred = %v, want %q", got[0].Inferred, helm.InferredDefaults)
	}
}

// TestEmbeddedDependsOn: the objects read from a kubectl_manifest carry
// the manifest's depends_on, resolved to the entities it names (a node
// class installed after the Karpenter release).
func TestEmbeddedDependsOn(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"infra/karpenter.tf": `resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      role: karpenter-node
  YAML
  depends_on = [helm_release.karpenter]
}
`})
	l, err := Load(Options{Paths: []string{root}, Cwd: root})
	if err != nil {
		t.Fatal(err)
	}
	m := l.Input.Model
	if len(m.Releases) != 1 || len(m.NodeClasses) != 1 {
		t.Fatalf("releases %d, node classes %d; want one each", len(m.Releases), len(m.NodeClasses))
	}
	if got := m.NodeClasses[0].DependsOn; !slices.Equal(got, []string{m.Releases[0].Addr}) {
		t.Errorf("node class depends on %q, want the release %q", got, m.Releases[0].Addr)
	}
}

// TestRenderedNameWithHoleLabel: an object a chart renders with a name
// from a value unknown before apply is labelled with the reference, never
// with the hole's sentinel (whose number changes from run to run), and its
// address is the same in every run.
func TestRenderedNameWithHoleLabel(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/main.tf": `variable "env" {
  type = string
}

resource "helm_release" "demo" {
  name      = "demo-${var.env}"
  chart     = "./charts/demo"
  namespace = "apps"
}
`,
		"infra/charts/demo/Chart.yaml": "apiVersion: v2\nname: demo\nversion: 0.1.0\n",
		"infra/charts/demo/templates/deploy.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-web
  namespace: {{ .Release.Namespace }}
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx
`,
	})
	var addrs []string
	for range 3 {
		l, err := Load(Options{Paths: []string{root}, Cwd: root})
		if err != nil {
			t.Fatal(err)
		}
		ws := l.Input.Model.Workloads
		if len(ws) != 1 {
			t.Fatalf("workloads = %d, want the rendered Deployment", len(ws))
		}
		if want := "Deployment apps/demo-${var.env}-web"; ws[0].Label != want {
			t.Errorf("label %q, want %q", ws[0].Label, want)
		}
		addrs = append(addrs, ws[0].Addr)
	}
	if addrs[0] != addrs[1] || addrs[1] != addrs[2] || lint.HasSentinel(addrs[0]) {
		t.Errorf("addresses %q: not one, sentinel-free address", addrs)
	}
}

// TestDocumentsKeptForCompositions: a file's parsed documents are kept for
// compositions only when they may hold compositions (Crossplane's group in
// the text); any other file's parse is let go.
func TestDocumentsKeptForCompositions(t *testing.T) {
	docs := []*yaml.Node{{Kind: yaml.DocumentNode}}
	xp := docSet{data: []byte("apiVersion: apiextensions.crossplane.io/v1\nkind: Composition\n"), parsed: docs}
	plain := docSet{data: []byte("apiVersion: v1\nkind: ConfigMap\n"), parsed: docs}
	if got := xp.forCompositions().parsed; len(got) != 1 {
		t.Errorf("a composition's documents were dropped: %v", got)
	}
	if got := plain.forCompositions().parsed; got != nil {
		t.Errorf("a ConfigMap's documents were kept: %v", got)
	}
}

// Directories of tools, not of the configuration — vendored code, an
// editor's local history of timestamped copies (.history) — are not
// read: a broken copy there is no FL000.
func TestDiscoverySkipsToolDirectories(t *testing.T) {
	root := t.TempDir()
	broken := "resource \"aws_iam_role\" \"r\" {\n  name = \n"
	write(t, root, map[string]string{
		"infra/main.tf":                         "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n",
		"infra/.history/main_20260101120000.tf": broken,
		".history/k8s/sa_20260101120000.yaml":   "kind: [\n",
		"vendor/mod/main.tf":                    broken,
		"lib/testData/bogus.yaml":               "kind: [\n",
		"lib/TestData/bogus.tf":                 broken,
	})
	l, _, err := Run(Options{Paths: []string{root}, Cwd: root}, nil, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Input.Diagnostics) != 0 {
		t.Errorf("diagnostics from skipped directories: %v", l.Input.Diagnostics)
	}
	if len(l.TerraformRoots) != 1 {
		t.Errorf("roots %v, want infra alone", l.TerraformRoots)
	}
}
