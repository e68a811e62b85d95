module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.24.3"

  cluster_name    = "quartz"
  cluster_version = "1.30"
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
}

# The workload roles read the cluster back by name, as many roots do:
# the issuer is the module's cluster's, whose provider the module
# registers for STS only, so the trust needs no audience condition.
data "aws_eks_cluster" "quartz" {
  name = module.eks.cluster_name
}

locals {
  issuer_host = trimprefix(data.aws_eks_cluster.quartz.identity[0].oidc[0].issuer, "https://")
}

data "aws_caller_identity" "current" {}

resource "aws_iam_role" "exporter" {
  name = "quartz-cost-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}" }
      Condition = { StringEquals = { "${local.issuer_host}:sub" = "system:serviceaccount:finops:cost-exporter" } }
    }]
  })
}
