# The naming map comes from a tfvars file kept out of the repository;
# every name reads one of its keys.
variable "naming" {
  type = map(string)
}

resource "aws_iam_role" "nodes" {
  name = "retail-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "retail" {
  name     = "retail-${var.naming.env}"
  role_arn = "arn:aws:iam::975310864200:role/retail-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.retail.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]
  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

# Karpenter's profile, made for the group's role.
resource "aws_iam_instance_profile" "karpenter" {
  name = "karpenter-${var.naming.env}"
  role = aws_iam_role.nodes.name
}

resource "kubernetes_manifest" "default_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      instanceProfile            = aws_iam_instance_profile.karpenter.name # want FL101 `IAM role "retail-nodes" \(aws_iam_role.nodes\) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "retail" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "retail" } }]
    }
  }
}
