resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c1", "subnet-0c2"]
  }
}

# The system node group carries tier=system; the NodePools (tier=spot and
# others) are applied by the GitOps repository, not declared here.
resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/shop-nodes"
  subnet_ids      = ["subnet-0c1", "subnet-0c2"]
  instance_types  = ["m6i.large"]
  labels          = { tier = "system" }
  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.4.0"
  values     = [yamlencode({ settings = { clusterName = aws_eks_cluster.shop.name } })]
}
