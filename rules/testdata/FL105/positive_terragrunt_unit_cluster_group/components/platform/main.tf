# The component tags everything the eks module creates for Karpenter's
# discovery; applied by the staging unit, the node class's term then
# selects the cluster security group EKS creates as well as both groups
# of the module. Each group is named as Terragrunt names the unit's
# output: by the unit's directory.
variable "cluster" {
  type = string
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.8.4"

  cluster_name    = var.cluster
  cluster_version = "1.30"
  vpc_id          = "vpc-0f1e2d3c"
  subnet_ids      = ["subnet-0f1e2d3c", "subnet-04b5a697"]

  tags = {
    "karpenter.sh/discovery" = var.cluster
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: general
    spec:
      role: orders-karpenter-node
      amiSelectorTerms:
        - alias: bottlerocket@latest
      subnetSelectorTerms:
        - id: subnet-0f1e2d3c
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${var.cluster} # want FL105:warning `matches 3 security groups: cluster security group of \[stacks/staging/platform\] module.eks.aws_eks_cluster.this\[0\], \[stacks/staging/platform\] module.eks.aws_security_group.cluster\[0\] and`
  YAML
}
