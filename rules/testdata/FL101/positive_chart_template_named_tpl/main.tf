resource "aws_iam_role" "workers" {
  name = "batch-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name    = "batch"
  node_group_name = "core"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0c1d2e3f4a5b6c7d8"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

# The chart's node class template is named .tpl; Helm installs the output
# of every template but NOTES.txt and the _ partials, whatever the name.
resource "helm_release" "karpenter_classes" {
  name      = "karpenter-classes"
  chart     = "${path.module}/charts/karpenter-classes"
  namespace = "karpenter"
  values = [yamlencode({
    nodeRole = aws_iam_role.workers.name # want FL101 `IAM role "batch-workers" \(aws_iam_role.workers\) is used by Karpenter EC2NodeClass spot and also by managed node group aws_eks_node_group.core`
  })]
}
