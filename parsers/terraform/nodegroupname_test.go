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
