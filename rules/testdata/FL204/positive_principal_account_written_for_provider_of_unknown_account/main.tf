# The trust names the provider by its full ARN, account included; the
# root declares that issuer's one provider, STS only, but pins no
# account, so whether it is the one the ARN names is not known.
resource "aws_iam_openid_connect_provider" "fleet" {
  url             = "https://oidc.eks.ca-central-1.amazonaws.com/id/3F5A7C9E1B3D5F7A9C1E3B5D7F9A1C3E"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "metrics" {
  name = "fleet-metrics"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "fleet-metrics" \(aws_iam_role.metrics\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::565656565656:oidc-provider/oidc.eks.ca-central-1.amazonaws.com/id/3F5A7C9E1B3D5F7A9C1E3B5D7F9A1C3E" }
      Condition = {
        StringEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/3F5A7C9E1B3D5F7A9C1E3B5D7F9A1C3E:sub" = "system:serviceaccount:monitoring:metrics-agent"
        }
      }
    }]
  })
}
