variable "cluster_name" {
  type = string
}

# Karpenter's module looks the cluster up again by name and tags its
# security group for discovery.
data "aws_eks_cluster" "this" {
  name = var.cluster_name
}

resource "aws_ec2_tag" "cluster_group_discovery" {
  resource_id = data.aws_eks_cluster.this.vpc_config[0].cluster_security_group_id
  key         = "karpenter.sh/discovery"
  value       = var.cluster_name
}
