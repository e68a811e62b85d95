# With eks v19, a managed node group that does not use the module's
# custom launch template runs on the one EKS makes by default: it gets
# the cluster's own security group only, never the module's node group.
# The node group is tagged for Karpenter's discovery, but no node group
# carries it.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name    = "orders"
  cluster_version = "1.28"
  vpc_id          = "vpc-0f3e2d1c0b9a87654"
  subnet_ids      = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  eks_managed_node_groups = {
    base = {
      instance_types             = ["m6i.large"]
      min_size                   = 2
      max_size                   = 4
      desired_size               = 2
      use_custom_launch_template = false
    }
  }

  node_security_group_tags = {
    "karpenter.sh/discovery" = "orders"
  }
}

resource "kubectl_manifest" "karpenter_node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: general
    spec:
      role: karpenter-orders-nodes
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: orders
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: orders
  YAML
}
