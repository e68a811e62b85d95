# The cluster's bootstrap nodes are made outside this tree (eksctl, in the
# runbook); this tree installs Karpenter from the public chart and its
# NodePools. No node group or Fargate profile of the cluster is declared
# here, so where the controller runs is not judged.
resource "aws_eks_cluster" "batch" {
  name     = "batch"
  role_arn = "arn:aws:iam::123456789012:role/batch-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e5", "subnet-0e6"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.4.0"
}
