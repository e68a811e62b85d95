package terraform

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestNodeGroupNameFromPrefixWhenNameIsNull checks that a node group whose
// name argument is null (the eks module's use_name_prefix: name = null,
// name_prefix = "<key>-") is named from its prefix, as the provider
// names it, and that a written name stays the name.
func TestNodeGroupNameFromPrefixWhenNameIsNull(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "use_name_prefix" {
  type    = bool
  default = true
}

resource "aws_eks_node_group" "prefixed" {
  cluster_name           = "search"
  node_group_name        = var.use_name_prefix ? null : "indexers"
  node_group_name_prefix = var.use_name_prefix ? "indexers-" : null
  node_role_arn          = "arn:aws:iam::790123456781:role/search-nodes"
  subnet_ids             = ["subnet-0e1f2a3b4c5d6e701"]
  scaling_config {
    desired_size = 1
    min_size     = 1
    max_size     = 2
  }
}

resource "aws_eks_node_group" "named" {
  cluster_name           = "search"
  node_group_name        = var.use_name_prefix ? "queries" : null
  node_group_name_prefix = var.use_name_prefix ? null : "queries-"
  node_role_arn          = "arn:aws:iam::790123456781:role/search-nodes"
  subnet_ids             = ["subnet-0e1f2a3b4c5d6e701"]
  scaling_config {
    desired_size = 1
    min_size     = 1
    max_size     = 2
  }
}
`})
	got := map[string]lint.Value{}
	for _, e := range res.Entities {
		if ng, ok := e.(*lint.NodeGroup); ok {
			got[ng.Label] = ng.Name
		}
	}
	if n := got["aws_eks_node_group.prefixed"]; n.IsKnown() || n.Prefix() != "indexers-" {
		t.Errorf("prefixed group named %s, want the prefix indexers- and a suffix not known", n)
	}
	if n, ok := got["aws_eks_node_group.named"].Str(); !ok || n != "queries" {
		t.Errorf("named group named %q, want queries", n)
	}
}

// TestNameTheProviderGives checks that a role, security group or node
// group written with neither a name nor a name prefix (or both null) is
// named as the AWS provider names it, "terraform-" and a unique suffix,
// while a role looked up, or named from a variable not known, is not.
func TestNameTheProviderGives(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
variable "ci_role_name" {
  type    = string
  default = null
}

variable "unknown_name" {
  type = string
}

resource "aws_iam_role" "ci" {
  assume_role_policy = "{}"
}

resource "aws_iam_role" "nulls" {
  name               = var.ci_role_name
  name_prefix        = null
  assume_role_policy = "{}"
}

resource "aws_iam_role" "given" {
  name               = var.unknown_name
  assume_role_policy = "{}"
}

resource "aws_security_group" "bastion" {
  vpc_id = "vpc-0123456789abcdef0"
}

resource "aws_iam_role" "renamed" {
  name               = "${aws_eks_cluster.gone.name}-autoscaler"
  assume_role_policy = "{}"
}
`})
	got := map[string]lint.Value{}
	for _, e := range res.Entities {
		switch x := e.(type) {
		case *lint.Role:
			got[x.Label] = x.Name
		case *lint.SecurityGroup:
			got[x.Label] = x.Name
		}
	}
	for _, label := range []string{"aws_iam_role.ci", "aws_iam_role.nulls", "aws_security_group.bastion"} {
		if n := got[label]; n.IsKnown() || n.Prefix() != "terraform-" {
			t.Errorf("%s named %s, want terraform- and a suffix not known", label, n)
		}
	}
	for _, label := range []string{"aws_iam_role.given", "aws_iam_role.renamed"} {
		if n := got[label]; n.Prefix() == "terraform-" {
			t.Errorf("%s named %s, want no name the provider gives", label, n)
		}
	}
}
