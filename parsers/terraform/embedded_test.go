package terraform

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func TestHelmRelease(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `module "eks" {
  source = "example-corp/eks/aws"
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.0.6"
  values = [
    file("${path.module}/values/karpenter.yaml"),
    yamlencode({ settings = { clusterName = module.eks.cluster_name } }),
  ]
  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = module.eks.karpenter_iam_role_arn
  }
}

resource "helm_release" "listsyntax" {
  name  = "listsyntax"
  chart = "karpenter"
  set   = [{ name = "replicas", value = "2" }]
}

resource "helm_release" "local" {
  name      = "nodeclasses"
  namespace = "karpenter"
  chart     = "./charts/nodeclasses"
}
`,
		"values/karpenter.yaml":         "serviceAccount:\n  name: karpenter\ncontroller:\n  resources:\n    requests:\n      cpu: 500m\n",
		"charts/nodeclasses/Chart.yaml": "apiVersion: v2\nname: nodeclasses\nversion: 0.1.0\n",
	})
	res, rels := loadReleases(dir)
	k := rels["karpenter"]
	if k == nil {
		t.Fatalf("no karpenter release in %v", res.Entities)
	}
	if ns, _ := k.Namespace.Str(); ns != "default" {
		t.Errorf("namespace = %s, want the helm provider's default", k.Namespace)
	}
	if k.ChartDir != "" || k.Chart != "karpenter" || k.Version != "1.0.6" {
		t.Errorf("chart = %q dir %q version %q", k.Chart, k.ChartDir, k.Version)
	}
	sa := k.Values["serviceAccount"].(map[string]any)
	if sa["name"] != "karpenter" {
		t.Errorf("values file not merged: %v", k.Values)
	}
	ann := sa["annotations"].(map[string]any)["eks.amazonaws.com/role-arn"].(string)
	if !lint.HasSentinel(ann) {
		t.Errorf("an unknown set value must stay a sentinel, got %q", ann)
	}
	if k.Values["settings"].(map[string]any)["clusterName"] == "" {
		t.Error("yamlencode values lost")
	}
	if r := k.ValueRanges["serviceAccount.name"]; r.File != "values/karpenter.yaml" || r.Line != 2 {
		t.Errorf("values file position = %+v", r)
	}
	if r := k.ValueRanges["serviceAccount.annotations.eks.amazonaws.com/role-arn"]; r.File != "main.tf" || r.Line != 16 {
		t.Errorf("set position = %+v (escaped dots must make one key)", r)
	}
	// The helm provider types a set value as --set does (strvals).
	if v := rels["listsyntax"].Values["replicas"]; v != int64(2) {
		t.Errorf("list-of-objects set = %#v", v)
	}
	l := rels["nodeclasses"]
	if l == nil || !strings.HasSuffix(l.ChartDir, filepath.Join("charts", "nodeclasses")) {
		t.Fatalf("local chart dir = %+v", l)
	}
	if ns, _ := l.Namespace.Str(); ns != "karpenter" {
		t.Errorf("namespace = %s", l.Namespace)
	}
}

func TestEmbeddedManifests(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `resource "aws_iam_role" "nodes" {
  name_prefix        = "nodes-"
  assume_role_policy = "{}"
}

resource "kubectl_manifest" "heredoc" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: heredoc
    spec:
      role: ${aws_iam_role.nodes.name}
  YAML
}

resource "kubernetes_manifest" "object" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "object" }
    spec       = { role = "fixed-role" }
  }
}

data "kubectl_path_documents" "docs" {
  pattern = "${path.module}/manifests/*.yaml"
  vars = {
    role = "templated-role"
  }
}

resource "kubectl_manifest" "docs" {
  for_each  = data.kubectl_path_documents.docs.manifests
  yaml_body = each.value
}

resource "kubernetes_service_account_v1" "karpenter" {
  metadata {
    name      = "karpenter"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = "arn:aws:iam::111122223333:role/karpenter"
    }
  }
}
`,
		"manifests/nc.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: from-file\nspec:\n  role: ${role}\n  amiSelectorTerms:\n    - alias: al2023@latest\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: karpenter\n",
	})
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	if len(res.Embedded) != 4 {
		t.Fatalf("embedded = %d, want heredoc, object and two documents", len(res.Embedded))
	}
	var heredoc, docs string
	for _, em := range res.Embedded {
		switch {
		case strings.Contains(em.Addr, "kubectl_manifest.heredoc"):
			heredoc = string(em.Content)
			// YAML line 6 ("role: …") is main.tf line 13, column 7 of the YAML
			// plus the heredoc's indentation.
			r := em.Map(lint.Range{File: "x", Line: 6, Column: 7, EndLine: 6, EndColumn: 10}, "")
			if r.File != "main.tf" || r.Line != 13 || r.Column != 11 {
				t.Errorf("heredoc position = %+v", r)
			}
		case strings.Contains(em.Addr, "kubectl_manifest.docs"):
			docs += string(em.Content)
		case strings.Contains(em.Addr, "kubernetes_manifest.object"):
			if !strings.Contains(string(em.Content), "role: fixed-role") {
				t.Errorf("manifest object = %s", em.Content)
			}
		}
	}
	if !strings.Contains(heredoc, "role: \uE000") {
		t.Errorf("the interpolated role must stay a sentinel: %q", heredoc)
	}
	if !strings.Contains(docs, "role: templated-role") || !strings.Contains(docs, "kind: Namespace") {
		t.Errorf("kubectl_path_documents = %q", docs)
	}
	var sa *lint.ServiceAccount
	for _, e := range res.Entities {
		if x, ok := e.(*lint.ServiceAccount); ok {
			sa = x
		}
	}
	if sa == nil || sa.Namespace.String() != "kube-system" || sa.Name.String() != "karpenter" || !strings.HasSuffix(sa.RoleARN.Value.String(), ":role/karpenter") {
		t.Errorf("service account = %+v", sa)
	}
}

// A heredoc line whose value an interpolation writes, known or not, is
// underlined as written, to the end of the value (not of a comment after
// it); a key before the interpolation keeps its own end.
func TestEmbeddedHeredocInterpolationUnderline(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `locals {
  cluster = "ash"
}

resource "kubectl_manifest" "nc" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: general
    spec:
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${local.cluster} # the discovery tag
  YAML
}
`,
	})
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	if len(res.Embedded) != 1 {
		t.Fatalf("embedded = %d, want 1", len(res.Embedded))
	}
	em := res.Embedded[0]
	// YAML line 8 is "        karpenter.sh/discovery: ash"; main.tf line
	// 14 writes it with the heredoc's 4 columns of indentation more, the
	// value as ${local.cluster}, which ends at column 53 (a YAML comment
	// follows).
	value := em.Map(lint.Range{File: "x", Line: 8, Column: 33, EndLine: 8, EndColumn: 36}, "ash")
	if want := (lint.Range{File: "main.tf", Line: 14, Column: 37, EndLine: 14, EndColumn: 53}); value != want {
		t.Errorf("value = %#v, want %#v", value, want)
	}
	key := em.Map(lint.Range{File: "x", Line: 8, Column: 9, EndLine: 8, EndColumn: 31}, "karpenter.sh/discovery")
	if want := (lint.Range{File: "main.tf", Line: 14, Column: 13, EndLine: 14, EndColumn: 35}); key != want {
		t.Errorf("key = %#v, want %#v", key, want)
	}
}

// Where a release's values are written: in a heredoc, a value sits on its
// own line and column, a <<- heredoc's dropped indentation given back; a
// one-line template has no line of its own to show, so a value is placed
// on the element that writes it (not on the line below it).
func TestHelmReleaseValuePositions(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `variable "on" {
  default = false
}

resource "helm_release" "indented" {
  name  = "indented"
  chart = "karpenter"
  values = [
    <<-EOT
        webhook:
          enabled: false
        replicas: ${2}
    EOT
  ]
}

resource "helm_release" "flush" {
  name  = "flush"
  chart = "karpenter"
  values = [
    <<EOT
webhook:
  enabled: false
EOT
  ]
}

resource "helm_release" "oneline" {
  name   = "oneline"
  chart  = "karpenter"
  values = ["webhook: {enabled: ${var.on}}"]
}

locals {
  shared = <<-EOT
    logLevel: debug
  EOT
}

resource "helm_release" "vialocal" {
  name   = "vialocal"
  chart  = "karpenter"
  values = [local.shared]
  set {
    name  = "replicas"
    value = "3"
  }
}

resource "helm_release" "listset" {
  name  = "listset"
  chart = "karpenter"
  set = [
    { name = "logLevel", value = "debug" },
    {
      name  = "replicas"
      value = "2"
    },
  ]
}
`,
	})
	res, rels := loadReleases(dir)
	// Keys are placed where they are written: a heredoc's key, a local's
	// heredoc, a set block's name.
	for _, c := range []struct {
		release, key string
		line, col    int
	}{
		{"indented", "webhook.enabled", 11, 11},
		{"flush", "webhook", 22, 1},
		{"vialocal", "logLevel", 36, 5},
		{"vialocal", "replicas", 45, 5},
		// The helm provider 3.x's set = [{…}]: the element's name.
		{"listset", "logLevel", 54, 7},
		{"listset", "replicas", 56, 7},
	} {
		got := rels[c.release].KeyRanges[c.key]
		if got.File != "main.tf" || got.Line != c.line || got.Column != c.col {
			t.Errorf("%s: key %s at %s, want main.tf:%d:%d", c.release, c.key, got, c.line, c.col)
		}
	}
	for _, c := range []struct {
		release, key string
		want         lint.Range
	}{
		{"indented", "webhook", lint.Range{File: "main.tf", Line: 10, Column: 9, EndLine: 10, EndColumn: 16}},
		{"indented", "webhook.enabled", lint.Range{File: "main.tf", Line: 11, Column: 20, EndLine: 11, EndColumn: 25}},
		{"indented", "replicas", lint.Range{File: "main.tf", Line: 12, Column: 19, EndLine: 12, EndColumn: 23}}, // ${2} underlined as written
		{"flush", "webhook.enabled", lint.Range{File: "main.tf", Line: 23, Column: 12, EndLine: 23, EndColumn: 17}},
		{"oneline", "webhook.enabled", lint.Range{File: "main.tf", Line: 31, Column: 13, EndLine: 31, EndColumn: 44}},
	} {
		r := rels[c.release]
		if r == nil {
			t.Fatalf("no release %s in %v", c.release, res.Entities)
		}
		if got := r.ValueRanges[c.key]; got != c.want {
			t.Errorf("%s: %s at %#v, want %#v", c.release, c.key, got, c.want)
		}
	}
}

// loadReleases loads the tree at dir and its Helm releases by name.
func loadReleases(dir string) (Result, map[string]*lint.Release) {
	res := Load([]string{dir}, Options{Root: dir, Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	rels := map[string]*lint.Release{}
	for _, e := range res.Entities {
		if r, ok := e.(*lint.Release); ok {
			n, _ := r.Name.Str()
			rels[n] = r
		}
	}
	return res, rels
}

// YAML written as an HCL object (yamlencode({…}), a kubernetes_manifest's
// object) is placed line for line at the items that write it: a value at
// its expression, a block at its key, a list element at the element, by
// key and index; under what is not a constructor (a merge(), a variable)
// at the nearest item above.
func TestEmbeddedObjectPositions(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `locals {
  extra_tags = { team = "data" }
}

resource "kubectl_manifest" "encoded" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "encoded" }
    spec = {
      role = "nodes"
      securityGroupSelectorTerms = [
        { id = "sg-1" },
        { tags = { "karpenter.sh/discovery" = "data" } },
      ]
      tags = merge(local.extra_tags, { owner = "platform" })
    }
  })
}

resource "kubernetes_manifest" "object" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "object" }
    spec       = { role = "fixed-role" }
  }
}

resource "kubernetes_config_map_v1_data" "vars" {
  metadata {
    name      = "cluster-vars"
    namespace = "flux-system"
  }
  data = {
    cluster = "data"
    region  = "eu-west-1"
  }
}
`,
	})
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	// place maps the YAML line holding text (its first, after skip
	// others): its value when it holds a key and a value, else its start;
	// with key, its first column (the key).
	place := func(em string, text string, key bool) lint.Range {
		t.Helper()
		for _, e := range res.Embedded {
			if !strings.Contains(e.Addr, em) {
				continue
			}
			for i, l := range strings.Split(string(e.Content), "\n") {
				if strings.Contains(l, text) {
					col := strings.Index(l, strings.TrimSpace(l)) + 1
					if j := strings.Index(l, ": "); j >= 0 && !key && strings.TrimSpace(l[j+2:]) != "" {
						col = j + 3
					}
					return e.Map(lint.Range{File: "x", Line: i + 1, Column: col, EndLine: i + 1, EndColumn: len(l) + 1}, "")
				}
			}
			t.Fatalf("%s: no YAML line holds %q:\n%s", em, text, e.Content)
		}
		t.Fatalf("no embedded %s", em)
		return lint.Range{}
	}
	for _, e := range res.Embedded {
		if e.SubstitutionSource != strings.Contains(e.Addr, "kubernetes_config_map") {
			t.Errorf("%s: substitution source %v", e.Addr, e.SubstitutionSource)
		}
	}
	for _, c := range []struct {
		em, text  string
		line, col int
		key       bool
	}{
		{"kubectl_manifest.encoded", `"role": "nodes"`, 11, 14, false},              // the value
		{"kubectl_manifest.encoded", `"securityGroupSelectorTerms":`, 12, 7, false}, // a block: its key
		{"kubectl_manifest.encoded", `"id": "sg-1"`, 13, 16, false},                 // in the first element
		{"kubectl_manifest.encoded", `"karpenter.sh/discovery": "data"`, 14, 47, false},
		{"kubectl_manifest.encoded", `"team": "data"`, 16, 7, false}, // under merge(): the item above
		{"kubernetes_manifest.object", "role: fixed-role", 26, 27, false},
		{"kubernetes_manifest.object", "role: fixed-role", 26, 20, true},           // the key as written
		{"kubectl_manifest.encoded", `"role": "nodes"`, 11, 7, true},               // the key as written
		{"kubernetes_config_map_v1_data.vars", "region: eu-west-1", 37, 15, false}, // a data item
		{"kubernetes_config_map_v1_data.vars", "name: cluster-vars", 35, 3, false}, // above the data: the attribute
	} {
		r := place(c.em, c.text, c.key)
		if r.File != "main.tf" || r.Line != c.line || r.Column != c.col {
			t.Errorf("%s %q at %s, want main.tf:%d:%d", c.em, c.text, r, c.line, c.col)
		}
	}
}

// A manifest whose template cannot be rendered (a variable its vars do
// not give) is not known; an output reading a field of it does not make
// the field stand for the manifest: the note says it is not read, and no
// object is made of what the output reads.
func TestManifestNotKnownWhileAnOutputReadsIt(t *testing.T) {
	for name, outputs := range map[string]string{
		"no output": "",
		"an output reads its name": `output "node_class" {
  value = kubernetes_manifest.node_class.manifest["metadata"]["name"]
}
`,
	} {
		dir := writeTree(t, map[string]string{
			"main.tf": `resource "kubernetes_manifest" "node_class" {
  manifest = yamldecode(templatefile("${path.module}/node-class.yaml.tftpl", {}))
}
` + outputs,
			"node-class.yaml.tftpl": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  role: ${node_role}\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
		})
		res := Load([]string{dir}, Options{Root: dir, Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
		noted := false
		for _, n := range res.Notes {
			noted = noted || n.Kind == lint.Skipped && strings.HasSuffix(n.What, "kubernetes_manifest.node_class: manifest cannot be known statically")
		}
		if !noted {
			t.Errorf("%s: notes %+v, want the manifest noted as not known", name, res.Notes)
		}
		if len(res.Embedded) != 0 {
			t.Errorf("%s: embedded %+v, want none", name, res.Embedded)
		}
	}
}

// A for expression over a list known only after apply (a data source's
// ids) is unknown, as Terraform's is: the manifest holding it is read,
// the unknown value a hole, not dropped whole as if the for failed.
func TestManifestWithForOverUnknownList(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `data "aws_subnets" "private" {}

resource "kubernetes_manifest" "node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role                = "nodes"
      subnetSelectorTerms = [for id in data.aws_subnets.private.ids : { id = id }]
    }
  }
}
`,
	})
	res := Load([]string{dir}, Options{Root: dir, Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	for _, n := range res.Notes {
		if n.Kind == lint.Skipped {
			t.Errorf("note %q, want the manifest read", n.What)
		}
	}
	if len(res.Embedded) != 1 || !strings.Contains(string(res.Embedded[0].Content), "role: nodes") {
		t.Fatalf("embedded %+v, want the node class with its role", res.Embedded)
	}
}
