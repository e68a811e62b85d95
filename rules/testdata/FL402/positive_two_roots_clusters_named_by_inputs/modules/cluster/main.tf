variable "cluster_name" {
  type = string
}

variable "system_pool" {
  type = string
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::864209753175:role/eks-control-plane"
  vpc_config {
    subnet_ids = ["subnet-07a8b9c0d1e2f3a45", "subnet-08b9c0d1e2f3a4b56"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::864209753175:role/eks-system-nodes"
  subnet_ids      = ["subnet-07a8b9c0d1e2f3a45", "subnet-08b9c0d1e2f3a4b56"]
  instance_types  = ["m6i.large"]
  labels          = { pool = var.system_pool }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.3"

  values = [yamlencode({
    nodeSelector = { pool = "system" } # want FL402 `the Karpenter controller has nowhere to run: no NodePool or node group of its cluster carries the labels it requires \(node group system \(module.cluster.aws_eks_node_group.system\) in (.*/)?west: its nodes have pool=platform, the pod requires pool=system\)`
    settings     = { clusterName = aws_eks_cluster.this.name }
  })]
}
