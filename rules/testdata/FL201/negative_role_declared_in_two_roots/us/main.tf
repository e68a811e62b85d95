# The us root's copy of the reporting role; each root is applied to its
# own account, which the tree does not say.
resource "aws_iam_role" "reports" {
  name = "atlas-reports"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5C21D0" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/5C21D0:sub" = "system:serviceaccount:analytics:atlas"
          "oidc.eks.eu-west-1.amazonaws.com/id/5C21D0:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
