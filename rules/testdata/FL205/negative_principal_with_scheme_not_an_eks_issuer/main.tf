# A CI system's OIDC provider, written with its URL's scheme: not an EKS
# cluster's issuer, so not a pod identity this rule judges.
resource "aws_iam_role" "deployer" {
  name = "ci-deployer"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::246813579024:oidc-provider/https://ci.example.com/oidc" }
      Condition = {
        StringEquals = {
          "ci.example.com/oidc:aud" = "sts.amazonaws.com"
          "ci.example.com/oidc:sub" = "repo:acme/platform:ref:refs/heads/main"
        }
      }
    }]
  })
}
