package terraform

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// embeddedBy returns the embedded YAML of the resource at addr suffix.
func embeddedBy(t *testing.T, res Result, suffix string) kept.Embedded {
	t.Helper()
	for _, em := range res.Embedded {
		if strings.HasSuffix(em.Addr, suffix) {
			return em
		}
	}
	t.Fatalf("no embedded manifest for %s in %d", suffix, len(res.Embedded))
	return kept.Embedded{}
}

func TestTemplateFileRendersManifests(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `resource "aws_iam_role" "nodes" {
  name               = "gpu-nodes"
  assume_role_policy = "{}"
}

data "template_file" "nodeclass" {
  template = file("${path.module}/tpl/nodeclass.yaml")
  vars = {
    role    = aws_iam_role.nodes.name
    cluster = "ml"
  }
}

resource "kubectl_manifest" "nodeclass" {
  yaml_body = data.template_file.nodeclass.rendered
}

data "template_file" "inline" {
  template = <<-EOT
    apiVersion: v1
    kind: ServiceAccount
    metadata:
      name: $${name}
      namespace: kube-system
  EOT
  vars = { name = "ebs-csi" }
}

resource "kubernetes_manifest" "sa" {
  manifest = yamldecode(data.template_file.inline.rendered)
}

data "template_file" "values" {
  template = file("values.tpl.yaml")
  vars     = { replicas = 3 }
}

resource "helm_release" "app" {
  name   = "app"
  chart  = "app"
  values = [data.template_file.values.rendered]
}
`,
		"tpl/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: gpu\nspec:\n  role: ${role}\n  tags:\n    cluster: ${cluster}\n",
		"values.tpl.yaml":    "controller:\n  replicas: ${replicas}\n",
	})
	nc := embeddedBy(t, res, "kubectl_manifest.nodeclass")
	if want := "  role: gpu-nodes\n  tags:\n    cluster: ml\n"; !strings.HasSuffix(string(nc.Content), want) {
		t.Errorf("rendered = %q, want it to end %q", nc.Content, want)
	}
	if r := nc.Map(lint.Range{Line: 6, Column: 9, EndLine: 6, EndColumn: 18}, "gpu-nodes"); r != (lint.Range{File: "tpl/nodeclass.yaml", Line: 6, Column: 9, EndLine: 6, EndColumn: 18}) {
		t.Errorf("position = %+v, want in the template file", r)
	}
	sa := embeddedBy(t, res, "kubernetes_manifest.sa")
	if !strings.Contains(string(sa.Content), "name: ebs-csi") {
		t.Errorf("inline template = %q", sa.Content)
	}
	var rel *lint.Release
	for _, e := range res.Entities {
		if r, ok := e.(*lint.Release); ok {
			rel = r
		}
	}
	if rel == nil {
		t.Fatal("no helm release")
	}
	if ctl, _ := rel.Values["controller"].(map[string]any); ctl["replicas"] != 3 {
		t.Fatalf("values from template_file = %v", rel.Values)
	}
	if r := rel.ValueRanges["controller.replicas"]; r.File != "values.tpl.yaml" || r.Line != 2 {
		t.Errorf("values position = %+v, want values.tpl.yaml:2", r)
	}
	for _, n := range res.Notes {
		t.Errorf("unexpected note %+v", n)
	}
	var templates []string
	for _, f := range res.Templates {
		templates = append(templates, filepath.Base(f))
	}
	slices.Sort(templates)
	if want := []string{"nodeclass.yaml", "values.tpl.yaml"}; !slices.Equal(templates, want) {
		t.Errorf("templates = %v, want %v (read as rendered only)", templates, want)
	}
}

// A var unknown before apply is a hole in the rendered text; the rest of
// the manifest is still read.
func TestTemplateFileUnknownVarIsHole(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `data "template_file" "nc" {
  template = "kind: EC2NodeClass\nspec:\n  role: $${role}\n  ami: $${ami}\n"
  vars = {
    role = "fixed"
    ami  = timestamp()
  }
}

resource "kubectl_manifest" "nc" {
  yaml_body = data.template_file.nc.rendered
}
`,
	})
	got := string(embeddedBy(t, res, "kubectl_manifest.nc").Content)
	if !strings.Contains(got, "role: fixed\n") || !strings.Contains(got, "ami: \uE000") {
		t.Errorf("rendered = %q", got)
	}
}

// A template_file whose rendering cannot be computed is an unresolved
// note at its block, never silent.
func TestTemplateFileUnrenderableIsNote(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `data "template_file" "missing" {
  template = file("${path.module}/nowhere.yaml")
}

data "template_file" "badvar" {
  template = "role: $${role}\n"
  vars     = { other = "x" }
}

resource "kubectl_manifest" "a" {
  yaml_body = data.template_file.missing.rendered
}

resource "kubectl_manifest" "b" {
  yaml_body = data.template_file.badvar.rendered
}
`,
	})
	want := map[string]lint.Note{
		"missing": {Kind: lint.Unresolved, What: "data.template_file.missing: rendered cannot be computed (its template is not known before apply); what it feeds is not read",
			Range: lint.Range{File: "main.tf", Line: 1, Column: 1, EndLine: 1, EndColumn: 31}},
		"badvar": {Kind: lint.Unresolved, What: `data.template_file.badvar: rendered cannot be computed (its template cannot be rendered: <template>:1,9-13: Unknown variable; There is no variable named "role".); what it feeds is not read`,
			Range: lint.Range{File: "main.tf", Line: 5, Column: 1, EndLine: 5, EndColumn: 30}},
	}
	got := map[string]lint.Note{}
	for _, n := range res.Notes {
		for k := range want {
			if strings.HasPrefix(n.What, "data.template_file."+k+":") {
				got[k] = n
			}
		}
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: note = %+v\nwant %+v", k, got[k], w)
		}
	}
}

// A rendered template written out by local_file is generated at apply
// time: a note says the file is not read, unless it is in the tree.
func TestLocalFileFromTemplateIsNote(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `resource "local_file" "overlay_patch" {
  filename = "${path.module}/deploy/overlays/prod/irsa-patch.yaml"
  content  = templatefile("${path.module}/irsa-patch.tpl", { role_arn = "arn:aws:iam::111122223333:role/app" })
}

resource "local_file" "committed" {
  filename = "${path.module}/deploy/base/sa.yaml"
  content  = templatefile("${path.module}/irsa-patch.tpl", { role_arn = "x" })
}

resource "local_file" "outside" {
  filename = "/tmp/elsewhere/patch.yaml"
  content  = templatefile("${path.module}/irsa-patch.tpl", { role_arn = "y" })
}

resource "local_file" "kubeconfig" {
  filename = "${path.module}/kubeconfig"
  content  = "apiVersion: v1\n"
}
`,
		"irsa-patch.tpl":      "role: ${role_arn}\n",
		"deploy/base/sa.yaml": "role: x\n",
	})
	want := lint.Note{Kind: lint.Skipped,
		What:  "local_file.overlay_patch: writes deploy/overlays/prod/irsa-patch.yaml from a rendered template at apply time; the generated file is not in the tree and is not read",
		Range: lint.Range{File: "main.tf", Line: 1, Column: 1, EndLine: 1, EndColumn: 38}}
	if len(res.Notes) != 1 || res.Notes[0] != want {
		t.Errorf("notes = %+v\nwant [%+v]", res.Notes, want)
	}
}

// Arithmetic over a var unknown before apply fails to render: the note
// says so, at the template file's position.
func TestTemplateFileHoleInArithmetic(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `variable "runners" {
  type = object({ max = number })
}

data "template_file" "pool" {
  template = file("${path.module}/pool.yaml.tpl")
  vars     = { max = var.runners.max }
}

resource "kubectl_manifest" "pool" {
  yaml_body = data.template_file.pool.rendered
}
`,
		"pool.yaml.tpl": "kind: NodePool\nspec:\n  limits:\n    cpu: ${max * 4}\n",
	})
	want := lint.Note{Kind: lint.Unresolved,
		What:  "data.template_file.pool: rendered cannot be computed (its template needs a known value where a var is not known before apply: pool.yaml.tpl:4,12-15: Invalid operand; Unsuitable value for left operand: a number is required.); what it feeds is not read",
		Range: lint.Range{File: "main.tf", Line: 5, Column: 1, EndLine: 5, EndColumn: 28}}
	if len(res.Notes) != 1 || res.Notes[0] != want {
		t.Errorf("notes = %+v\nwant [%+v]", res.Notes, want)
	}
}

// The files a manifest-applying resource of no instance names (count =
// 0) are Terraform's input all the same: recorded as templates (not read
// again as plain manifests), though nothing is read from them; a path
// that needs the instance's count is not taken.
func TestUnappliedManifestFiles(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `
variable "on" {
  type    = bool
  default = false
}

resource "kubectl_manifest" "pool" {
  count     = var.on ? 1 : 0
  yaml_body = file("${path.module}/pools/pool.yaml")
}

resource "kubernetes_manifest" "class" {
  count    = var.on ? 1 : 0
  manifest = yamldecode(templatefile("${path.module}/pools/class.yaml.tftpl", { name = "x" }))
}

data "kubectl_file_documents" "extra" {
  count   = var.on ? 1 : 0
  content = file("${path.module}/extra.yaml")
}

data "kubectl_path_documents" "all" {
  count   = var.on ? 1 : 0
  pattern = "${path.module}/more/*.yaml"
}

resource "kubectl_manifest" "per_count" {
  count     = var.on ? 2 : 0
  yaml_body = file("${path.module}/n${count.index}.yaml")
}
`,
		"pools/pool.yaml":        "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: a\n",
		"pools/class.yaml.tftpl": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: ${name}\n",
		"extra.yaml":             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: extra\n",
		"more/one.yaml":          "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: one\n",
		"more/two.yaml":          "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: two\n",
		"n0.yaml":                "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: n0\n",
	})
	var templates []string
	for _, f := range res.Templates {
		templates = append(templates, filepath.Base(f))
	}
	slices.Sort(templates)
	templates = slices.Compact(templates)
	if want := []string{"class.yaml.tftpl", "extra.yaml", "one.yaml", "pool.yaml", "two.yaml"}; !slices.Equal(templates, want) {
		t.Errorf("templates = %v, want %v", templates, want)
	}
	if len(res.Embedded) != 0 {
		t.Errorf("%d manifests embedded from resources of no instance", len(res.Embedded))
	}
}

// A ReplicationController the kubernetes provider writes is not read
// (nor is one written as a manifest): a skipped note at the resource says
// so. Its other workloads are read (TestWorkloadResourceEmbedded).
func TestProviderReplicationControllerIsANote(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `
resource "kubernetes_replication_controller_v1" "api" {
  metadata {
    name      = "api"
    namespace = "shop"
  }
}
`,
	})
	if len(res.Notes) != 1 || res.Notes[0].Kind != lint.Skipped || !strings.HasPrefix(res.Notes[0].What, "kubernetes_replication_controller_v1.api: a ReplicationController is not read") || res.Notes[0].Range.Line != 2 || len(res.Embedded) != 0 {
		t.Errorf("notes %+v, %d embedded", res.Notes, len(res.Embedded))
	}
}
