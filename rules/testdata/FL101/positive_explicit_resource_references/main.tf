# The team writes resource.TYPE.NAME, Terraform's explicit form of
# TYPE.NAME, to tell resources from module outputs at a glance.
resource "aws_iam_role" "workers" {
  name = "analytics-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "batch" {
  cluster_name    = "analytics"
  node_group_name = "batch"
  node_role_arn   = resource.aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 1
    max_size     = 6
    min_size     = 1
  }
}

resource "kubectl_manifest" "spot_node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "spot" }
    spec = {
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      role             = resource.aws_iam_role.workers.name # want FL101 `IAM role "analytics-workers" \(aws_iam_role.workers\) is used by Karpenter EC2NodeClass spot and also by managed node group aws_eks_node_group.batch`
    }
  })
}
