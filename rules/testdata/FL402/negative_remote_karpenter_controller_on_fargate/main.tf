# No node group: the Karpenter controller runs on Fargate, whose profile
# selects its namespace and the label the chart gives its pods
# (app.kubernetes.io/name: karpenter); everything else runs on the nodes
# Karpenter launches.
resource "aws_eks_cluster" "lab" {
  name     = "lab"
  role_arn = "arn:aws:iam::123456789012:role/lab-cluster"

  vpc_config {
    subnet_ids = ["subnet-0d1", "subnet-0d2"]
  }
}

resource "aws_eks_fargate_profile" "karpenter" {
  cluster_name           = aws_eks_cluster.lab.name
  fargate_profile_name   = "karpenter"
  pod_execution_role_arn = "arn:aws:iam::123456789012:role/lab-fargate"
  subnet_ids             = ["subnet-0d1", "subnet-0d2"]

  selector {
    namespace = "karpenter"
    labels = {
      "app.kubernetes.io/name" = "karpenter"
    }
  }
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "1.3.3"

  values = [yamlencode({
    settings = {
      clusterName = aws_eks_cluster.lab.name
    }
  })]
}
