package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileTerragrunt: a Terragrunt unit that asks for the environment,
// runs programs and reads files beside the tree gets none of it. The role
// it names from get_env (with a default) is the one in a finding, so a
// value read from the environment would be printed; run_cmd would leave a
// file behind.
func TestHostileTerragrunt(t *testing.T) {
	root, _ := hostileTree(t)
	writeFiles(t, root, map[string]string{
		"modules/nodes/main.tf": `variable "role_name" { type = string }
variable "tag" {
  type    = string
  default = ""
}
resource "aws_iam_role" "nodes" {
  name               = var.role_name
  assume_role_policy = "{}"
  tags               = { note = var.tag }
}
resource "aws_eks_node_group" "nodes" {
  cluster_name    = "prod"
  node_group_name = "nodes"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-1"]
  scaling_config {
    desired_size = 1
    max_size     = 1
    min_size     = 1
  }
}
resource "kubectl_manifest" "nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: nodes
    spec:
      role: ${aws_iam_role.nodes.name}
  YAML
}
`,
		"live/nodes/terragrunt.hcl": `locals {
  secret  = get_env("FAULTLINE_HOSTILE_SECRET")
  named   = get_env("FAULTLINE_HOSTILE_SECRET", "fallback")
  ran     = run_cmd("sh", "-c", "touch PWNED; echo $FAULTLINE_HOSTILE_SECRET")
  beside  = file("../../../elsewhere/secret.tf")
  decrypt = sops_decrypt_file("../../../elsewhere/secret.yaml")
}
terraform {
  source = "../../modules//nodes"
}
inputs = {
  role_name = "nodes-${local.named}"
  tag       = "${local.secret}${local.ran}${local.beside}${local.decrypt}"
}
`,
	})
	r := runHostile(t, root, nil, ".")
	assertClean(t, r)
	assertChain(t, r)
	var unit bool
	for _, f := range r.findings(t) {
		unit = unit || f == "FL101@modules/nodes/main.tf:29"
	}
	if !unit {
		t.Errorf("the unit's chain is missing: %v\n%s", r.findings(t), r.stderr)
	}
	if !strings.Contains(r.stdout, `IAM role "nodes-fallback"`) {
		t.Errorf("get_env with a default is not its default:\n%s", r.stdout)
	}
	for _, dir := range []string{root, filepath.Join(root, "live", "nodes"), filepath.Join(root, "modules", "nodes")} {
		if _, err := os.Stat(filepath.Join(dir, "PWNED")); err == nil {
			t.Errorf("run_cmd ran in %s", dir)
		}
	}
	if !strings.Contains(r.stdout+r.stderr, "run_cmd") {
		t.Errorf("no note says run_cmd was not run:\n%s", r.stderr)
	}
}
