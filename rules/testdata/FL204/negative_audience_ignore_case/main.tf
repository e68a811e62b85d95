# The audience is compared without regard to case, so the capitalised
# value still admits tokens projected for sts.amazonaws.com.
resource "aws_iam_role" "exporter" {
  name = "cost-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA:sub" = "system:serviceaccount:finops:cost-exporter"
        }
        StringEqualsIgnoreCase = {
          "oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA:aud" = "STS.amazonaws.com"
        }
      }
    }]
  })
}
