variable "issuer_url" {
  type = string
}

data "aws_caller_identity" "current" {}

# This module's one provider, for the issuer it is given: STS tokens only.
resource "aws_iam_openid_connect_provider" "cluster" {
  url             = var.issuer_url
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The principal is that provider, spelled out from the same input.
resource "aws_iam_role" "dns" {
  name = "kestrel-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${trimprefix(var.issuer_url, "https://")}" }
      Condition = {
        StringEquals = {
          "${trimprefix(var.issuer_url, "https://")}:sub" = "system:serviceaccount:kube-system:external-dns"
        }
      }
    }]
  })
}
