# The Terraform way of building a cluster, kept beside the eksctl one:
# which cluster it builds is given when it is applied.
variable "cluster_name" {
  type = string
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::505050505050:role/eks-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e1f2a3b4c5d6e7f8", "subnet-0f2a3b4c5d6e7f809"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.5.2"
}
