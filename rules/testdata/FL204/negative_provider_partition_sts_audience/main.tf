# The eks module before v20 registers its OIDC provider with one client
# ID, "sts." and the partition's DNS suffix: STS takes no token of another
# audience, so the trust's missing :aud condition lets nothing more in.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name    = "ledger"
  cluster_version = "1.28"
  vpc_id          = "vpc-0f1e2d3c4b5a69788"
  subnet_ids      = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]
}

resource "aws_iam_role" "exporter" {
  name = "ledger-cloudwatch-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:monitoring:cloudwatch-exporter"
        }
      }
    }]
  })
}
