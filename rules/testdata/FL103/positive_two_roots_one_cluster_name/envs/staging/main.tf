# The staging stack was copied from the other one and still names the
# cluster "shop": both stacks describe the same cluster.
provider "aws" {
  region = "eu-central-1"
}

variable "cluster_name" {
  type    = string
  default = "shop"
}

module "cluster" {
  source       = "../../modules/cluster"
  cluster_name = var.cluster_name
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: KarpenterNodeRole-shop
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${module.cluster.cluster_name}
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${module.cluster.cluster_name} # want FL103 `security group module.cluster.module.eks.aws_security_group.node\[0\] is selected by Karpenter EC2NodeClass default and also attached to managed node group module.cluster.module.eks.module.eks_managed_node_group\["system"\].aws_eks_node_group.this\[0\]$`
  YAML
}
