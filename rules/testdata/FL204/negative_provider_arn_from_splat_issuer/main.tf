module "cluster" {
  source       = "./modules/cluster"
  cluster_name = "ledger"
  subnet_ids   = ["subnet-0c1d2e3f40a1b2c3d", "subnet-0d2e3f40a1b2c3d4e"]
}

data "aws_partition" "current" {}
data "aws_caller_identity" "current" {}

locals {
  issuer_host = replace(module.cluster.cluster_oidc_issuer_url, "https://", "")
}

# The reporting job reads the ledger bucket. Its trust spells out the
# provider's ARN from the issuer and names the subject only, which is
# enough for a provider whose one client is STS.
resource "aws_iam_role" "ledger_reports" {
  name = "ledger-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect = "Allow"
      Action = "sts:AssumeRoleWithWebIdentity"
      Principal = {
        Federated = "arn:${data.aws_partition.current.partition}:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}"
      }
      Condition = {
        StringEquals = {
          "${local.issuer_host}:sub" = "system:serviceaccount:reports:ledger-reports"
        }
      }
    }]
  })
}
