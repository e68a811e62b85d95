# A principal that is a URL, but not an EKS cluster's issuer: not a pod
# identity this rule judges.
resource "aws_iam_role" "deployer" {
  name = "ci-deployer"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "https://ci.example.com/oidc" }
      Condition = {
        StringEquals = {
          "ci.example.com/oidc:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
