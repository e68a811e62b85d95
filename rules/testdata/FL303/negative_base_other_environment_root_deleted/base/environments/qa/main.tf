terraform {
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "qa/cluster.tfstate"
    region = "us-east-2"
  }
}

module "workers" {
  source = "../../modules/workers"
  env    = "qa"
  vpc_id = "vpc-qa"
}

resource "aws_eks_cluster" "main" {
  name     = "acme-qa"
  role_arn = "arn:aws:iam::123412341234:role/acme-qa-cluster"
  vpc_config { subnet_ids = ["subnet-qa-a", "subnet-qa-b"] }
}

resource "kubernetes_manifest" "workers" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "workers" }
    spec = {
      role                       = "acme-qa-karpenter-node"
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "acme-qa" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "workers" } }]
    }
  }
}
