# The role's EC2_LINUX entry is this tree's, but Karpenter launches with
# an instance profile looked up by the role: the one EKS made for the
# managed group, which EKS deletes with it.
resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::123456789012:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }

  access_config {
    authentication_mode = "API"
  }
}

resource "aws_eks_access_entry" "nodes" {
  cluster_name  = aws_eks_cluster.ledger.name
  principal_arn = aws_iam_role.nodes.arn
  type          = "EC2_LINUX"
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }

  depends_on = [aws_eks_access_entry.nodes]
}

data "aws_iam_instance_profiles" "nodes" {
  role_name = aws_iam_role.nodes.name
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      instanceProfile            = tolist(data.aws_iam_instance_profiles.nodes.names)[0] # want FL101 `IAM role "ledger-nodes" \(aws_iam_role.nodes\) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
    }
  })
}
