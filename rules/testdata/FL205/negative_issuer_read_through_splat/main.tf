module "cluster" {
  source       = "./modules/cluster"
  cluster_name = "ledger"
  subnet_ids   = ["subnet-0c1d2e3f40a1b2c3d", "subnet-0d2e3f40a1b2c3d4e"]
}

locals {
  issuer_host = replace(module.cluster.cluster_oidc_issuer_url, "https://", "")
}

# The reporting job reads the ledger bucket. The trusted provider and
# the condition key both come from the cluster's issuer, read through
# the module's splats: one issuer, decided.
resource "aws_iam_role" "ledger_reports" {
  name = "ledger-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.cluster.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${local.issuer_host}:sub" = "system:serviceaccount:reports:ledger-reports"
        }
      }
    }]
  })
}
