# The install ID comes from the pipeline; names are cut to 20 characters
# and lowered so they stay valid everywhere.
variable "install_id" {
  type = string
}

locals {
  suffix = lower(substr(var.install_id, 0, 20))
}

resource "aws_iam_role" "nodes" {
  name = "nodes-${local.suffix}"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "install-${local.suffix}"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]

  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

resource "aws_iam_instance_profile" "karpenter" {
  name = "KarpenterNodes-${local.suffix}"
  role = aws_iam_role.nodes.name
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      # a shorter cut of the ID: another profile name
      instanceProfile            = "KarpenterNodes-${lower(substr(var.install_id, 0, 12))}"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ id = "subnet-0a1b2c3d4e5f60718" }]
      securityGroupSelectorTerms = [{ id = "sg-0a1b2c3d4e5f60718" }]
    }
  })
}
