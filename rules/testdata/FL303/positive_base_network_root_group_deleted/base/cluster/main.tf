terraform {
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "cluster.tfstate"
    region = "us-east-2"
  }
}

resource "aws_eks_cluster" "main" {
  name     = "acme"
  role_arn = "arn:aws:iam::123412341234:role/acme-cluster"
  vpc_config { subnet_ids = ["subnet-0a1b2c3d", "subnet-0e1f2a3b"] }
}

resource "kubernetes_manifest" "nodes" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      role                       = "acme-karpenter-node"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "acme" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "acme" } }]
    }
  }
}
