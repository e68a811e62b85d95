# The workers' trust has no :aud condition, but the one provider it can
# name is the platform module's own, which accepts STS tokens only.
module "platform" {
  source = "./modules/platform"
}

resource "aws_iam_role" "workers" {
  name = "ledger-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.platform.identity.provider.arn }
      Condition = {
        StringEquals = {
          "${trimprefix(module.platform.identity.provider.url, "https://")}:sub" = "system:serviceaccount:ledger:workers"
        }
      }
    }]
  })
}
