# The cluster lives in another stack; its OIDC provider is read from that
# stack's state. The subject is a service account, so this is an IRSA trust
# even though nothing in this tree names the cluster.
data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = "ledger-terraform-state"
    key    = "platform/eks/terraform.tfstate"
    region = "eu-west-1"
  }
}

locals {
  oidc_provider_arn = data.terraform_remote_state.cluster.outputs.oidc_provider_arn
  oidc_issuer       = replace(data.terraform_remote_state.cluster.outputs.cluster_oidc_issuer_url, "https://", "")
}

resource "aws_iam_role" "ledger_api" {
  name = "ledger-api"
  assume_role_policy = jsonencode({ # want FL204 `trust of role "ledger-api" \(aws_iam_role.ledger_api\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = local.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${local.oidc_issuer}:sub" = "system:serviceaccount:ledger:ledger-api"
        }
      }
    }]
  })
}
