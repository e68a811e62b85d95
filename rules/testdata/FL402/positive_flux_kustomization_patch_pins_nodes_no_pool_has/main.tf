resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"
}
