terraform {
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "live/cluster.tfstate"
    region = "us-east-2"
  }
}

module "workers" {
  source = "../../modules/workers"
  env    = "live"
  vpc_id = "vpc-live"
}

resource "aws_eks_cluster" "main" {
  name     = "acme-live"
  role_arn = "arn:aws:iam::123412341234:role/acme-live-cluster"
  vpc_config { subnet_ids = ["subnet-live-a", "subnet-live-b"] }
}

resource "kubernetes_manifest" "workers" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "workers" }
    spec = {
      role                       = "acme-live-karpenter-node"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "acme-live" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "workers" } }]
    }
  }
}
