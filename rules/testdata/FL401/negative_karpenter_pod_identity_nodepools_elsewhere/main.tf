resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

# Karpenter is installed by a GitOps repository of its own; Terraform
# gives its controller's account the role through Pod Identity.
resource "aws_iam_role" "karpenter_controller" {
  name = "shop-karpenter-controller"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = aws_eks_cluster.shop.name
  namespace       = "kube-system"
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter_controller.arn
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/shop-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]
  instance_types  = ["t3.medium"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}
