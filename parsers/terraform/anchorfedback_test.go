package terraform

import (
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestAnchorValueFedBack: a node group's own role, fed back into the eks
// module's aws_auth_roles through the karpenter module's output, is not
// the user's value for the node group: the node group's role is placed
// at its own entry, and the aws-auth mapping the entry makes at the
// entry.
func TestAnchorValueFedBack(t *testing.T) {
	dir := writeTree(t, map[string]string{"main.tf": `module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name    = "shop"
  cluster_version = "1.28"
  vpc_id          = "vpc-0a1b2c3d"
  subnet_ids      = ["subnet-0a", "subnet-0b"]

  manage_aws_auth_configmap = true
  aws_auth_roles = [
    {
      rolearn  = module.karpenter.role_arn
      username = "system:node:{{EC2PrivateDNSName}}"
      groups   = ["system:bootstrappers", "system:nodes"]
    },
  ]

  eks_managed_node_groups = {
    general = {
      instance_types = ["m6i.large"]
    }
  }
}

module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "19.21.0"

  cluster_name    = module.eks.cluster_name
  create_iam_role = false
  iam_role_arn    = module.eks.eks_managed_node_groups["general"].iam_role_arn
}
`})
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	var ng *lint.NodeGroup
	var mapping *lint.AccessEntry
	for _, e := range res.Entities {
		switch x := e.(type) {
		case *lint.NodeGroup:
			ng = x
		case *lint.AccessEntry:
			if x.Type == lint.AccessAWSAuth {
				mapping = x
			}
		}
	}
	if ng == nil || mapping == nil {
		t.Fatalf("node group %v, aws-auth mapping %v", ng, mapping)
	}
	if r := ng.Role.Range; r.File != "main.tf" || r.Line != 20 {
		t.Errorf("node group's role at %s, want its entry main.tf:20", r)
	}
	if r := mapping.Principal.Range; r.File != "main.tf" || r.Line != 13 {
		t.Errorf("aws-auth mapping's role at %s, want the rolearn main.tf:13", r)
	}
}
