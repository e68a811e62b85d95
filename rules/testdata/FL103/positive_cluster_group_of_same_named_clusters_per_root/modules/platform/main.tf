# Each region's root calls this module with the same cluster name. The
# node group has no launch template, so EKS gives its nodes the cluster
# security group of its own root's cluster; the node class selects that
# group by the tag EKS puts on it. Each root has the chain once.
variable "cluster" {
  type = string
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster
  role_arn = "arn:aws:iam::123456789012:role/platform-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0d1", "subnet-0d2"]
  }
}

resource "aws_eks_node_group" "core" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "core"
  node_role_arn   = "arn:aws:iam::123456789012:role/platform-core-nodes"
  subnet_ids      = ["subnet-0d1", "subnet-0d2"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "burst" }
    spec = {
      role                       = "platform-burst-nodes"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ id = "subnet-0d1" }]
      securityGroupSelectorTerms = [{ tags = { "aws:eks:cluster-name" = aws_eks_cluster.this.name } }] # want FL103 `cluster security group of module.platform.aws_eks_cluster.this is selected by Karpenter EC2NodeClass burst and also attached to managed node group module.platform.aws_eks_node_group.core \(in root live/eu\)$` FL103 `cluster security group of module.platform.aws_eks_cluster.this is selected by Karpenter EC2NodeClass burst and also attached to managed node group module.platform.aws_eks_node_group.core \(in root live/us\)$`
    }
  })
}
