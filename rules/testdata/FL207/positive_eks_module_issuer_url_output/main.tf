module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.8"

  cluster_name    = "payments"
  cluster_version = "1.30"
  vpc_id          = "vpc-0123456789abcdef0"
  subnet_ids      = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
}

resource "aws_iam_role" "ledger" {
  name = "payments-ledger"
  assume_role_policy = jsonencode({ # want FL207 `oidc\[0\].issuer\}:sub" is built from module.eks.aws_eks_cluster.this\[0\].identity\[0\].oidc\[0\].issuer, the cluster's issuer URL, which starts with https://` FL207 `:aud" is built from module.eks`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          # cluster_oidc_issuer_url keeps https://; oidc_provider does not.
          "${module.eks.cluster_oidc_issuer_url}:sub" = "system:serviceaccount:payments:ledger"
          "${module.eks.cluster_oidc_issuer_url}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
