variable "cost_tags" {
  description = "Tags finance asks for on every instance; set per environment"
  type        = map(string)
}

resource "aws_iam_role" "workers" {
  name = "harbor-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "base" {
  cluster_name    = "harbor"
  node_group_name = "base"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0e1d2c3b4a5968778"]
  instance_types  = ["m7i.large"]

  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

# The node class is written as an object and encoded; only its tags are
# unknown until the environment sets them.
resource "kubectl_manifest" "burst_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "burst" }
    spec = {
      role                       = aws_iam_role.workers.name # want FL101 `IAM role "harbor-workers" \(aws_iam_role.workers\) is used by Karpenter EC2NodeClass burst and also by managed node group aws_eks_node_group.base`
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "harbor" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "harbor" } }]
      tags                       = var.cost_tags
    }
  })
}
