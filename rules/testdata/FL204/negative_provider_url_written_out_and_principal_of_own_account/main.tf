data "aws_caller_identity" "this" {}
data "aws_partition" "this" {}

# The cluster is managed elsewhere; its issuer is written out here.
resource "aws_iam_openid_connect_provider" "fjord" {
  url             = "https://oidc.eks.eu-west-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# Both principals name the provider above, in this root's account: it
# accepts only STS tokens, so an :aud condition would change nothing.
resource "aws_iam_role" "ingest" {
  name = "fjord-ingest"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:${data.aws_partition.this.partition}:iam::${data.aws_caller_identity.this.account_id}:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0:sub" = "system:serviceaccount:ingest:worker"
        }
      }
    }]
  })
}

locals {
  issuer = replace(aws_iam_openid_connect_provider.fjord.url, "https://", "")
}

resource "aws_iam_role" "export" {
  name = "fjord-export"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.this.account_id}:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:export:worker"
        }
      }
    }]
  })
}
