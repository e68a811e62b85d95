# "StringLikes" is not an IAM condition operator (IAM refuses the policy
# when it is created). What it would allow is not decided: no finding,
# one unresolved comparison.
resource "aws_iam_role" "reports" {
  name = "reports-reader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::777788889999:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34" }
      Condition = {
        StringLikes = {
          "oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34:sub" = "system:serviceaccount:*:reports"
        }
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/AB12CD34EF56AB12CD34EF56AB12CD34:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
