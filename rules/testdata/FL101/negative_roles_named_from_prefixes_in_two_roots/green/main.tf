terraform {
  backend "s3" {
    bucket = "lyon-state"
    key    = "green/terraform.tfstate"
    region = "eu-west-3"
  }
}

# The green copy of the cluster, kept during a migration under the same name.
resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::123456789012:role/shop-cluster"
  vpc_config {
    subnet_ids = ["subnet-0d1", "subnet-0d2"]
  }
}

# Named from a prefix: Terraform adds a suffix of its own, so no role of
# another root can be this one.
resource "aws_iam_role" "nodes" {
  name_prefix = "shop-nodes-"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "kubernetes_manifest" "node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role             = aws_iam_role.nodes.name
      amiSelectorTerms = [{ alias = "al2023@latest" }]
      subnetSelectorTerms = [{ id = "subnet-0d1" }]
      securityGroupSelectorTerms = [{ tags = { "aws:eks:cluster-name" = "shop" } }]
    }
  }
}
