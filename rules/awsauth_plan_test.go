package rules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/rules"
)

// A plan that updates the aws-auth ConfigMap and drops the Karpenter
// nodes' mapping. The machine that makes the genuine plan fixtures has no
// kubernetes provider, so this plan is built in the documented shape of
// `terraform show -json` for kubernetes_config_map_v1_data.
func TestFL305PlanUpdateDropsMapping(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"infra/auth.tf": `resource "kubernetes_config_map_v1_data" "aws_auth" {
  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }
  force = true
  data = {
    mapRoles = yamlencode([
      {
        rolearn  = "arn:aws:iam::111122223333:role/platform-admin"
        username = "platform-admin"
        groups   = ["system:masters"]
      },
    ])
  }
}
`,
		"k8s/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  role: prod-karpenter-nodes\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mapping := func(arn, user, group string) string {
		return "- rolearn: " + arn + "\n  username: " + user + "\n  groups:\n  - " + group + "\n"
	}
	karpenter := mapping("arn:aws:iam::111122223333:role/prod-karpenter-nodes", "system:node:{{EC2PrivateDNSName}}", "system:nodes")
	admin := mapping("arn:aws:iam::111122223333:role/platform-admin", "platform-admin", "system:masters")
	cm := func(mapRoles string) map[string]any {
		return map[string]any{
			"id": "kube-system/aws-auth", "force": true, "field_manager": "Terraform",
			"metadata": []any{map[string]any{"name": "aws-auth", "namespace": "kube-system"}},
			"data":     map[string]any{"mapRoles": mapRoles},
		}
	}
	doc := map[string]any{
		"format_version": "1.2", "terraform_version": "1.11.4", "planned_values": map[string]any{},
		"resource_changes": []any{map[string]any{
			"address": "kubernetes_config_map_v1_data.aws_auth", "mode": "managed",
			"type": "kubernetes_config_map_v1_data", "name": "aws_auth",
			"provider_name": "registry.terraform.io/hashicorp/kubernetes",
			"change": map[string]any{
				"actions": []string{"update"}, "before": cm(karpenter + admin), "after": cm(admin),
				"after_unknown": map[string]any{}, "before_sensitive": map[string]any{}, "after_sensitive": map[string]any{},
			},
		}},
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	l, err := engine.Load(engine.Options{Paths: []string{root}, Cwd: root, Plan: p, PlanFile: "plan.json", Renderer: chartrender.InProcess{}})
	if err != nil {
		t.Fatal(err)
	}
	got := lint.Run(l.Input, []*lint.Rule{rules.NodeAccessRemoval}, lint.Options{}).Findings
	if len(got) != 1 {
		t.Fatalf("got %d findings, want 1: %+v", len(got), got)
	}
	f := got[0]
	if f.Range.File != "k8s/nodeclass.yaml" || f.Range.Line != 6 || !strings.HasPrefix(f.Message, `aws-auth mapRoles entry for role "prod-karpenter-nodes" is removed by the plan while Karpenter EC2NodeClass default still runs as the role`) {
		t.Errorf("finding = %s %s", f.Range, f.Message)
	}
	if len(f.Related) == 0 || f.Related[0].File != "infra/auth.tf" || f.Related[0].Line != 1 {
		t.Errorf("related = %+v, want the ConfigMap resource in source", f.Related)
	}
	if !strings.Contains(f.Chain[0], "kubernetes_config_map_v1_data.aws_auth mapRoles[0] is removed by the plan; the planned mapRoles no longer has the entry") {
		t.Errorf("chain[0] = %q", f.Chain[0])
	}
}
