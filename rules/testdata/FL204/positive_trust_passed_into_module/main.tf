# The team's role module takes the trust as written by each caller; this
# caller left out the audience condition.
module "reports_role" {
  source = "./modules/irsa-role"
  name   = "reports-exporter"
  trust_policy = jsonencode({ # want FL204 `has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::192837465012:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/5A6B7C8D9E0F1A2B3C4D5E6F7A8B9C0D" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/5A6B7C8D9E0F1A2B3C4D5E6F7A8B9C0D:sub" = "system:serviceaccount:reports:exporter"
        }
      }
    }]
  })
}
