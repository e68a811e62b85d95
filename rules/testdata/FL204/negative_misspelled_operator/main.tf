# "StringsEquals" is not an IAM condition operator: what the audience
# condition requires is not decided (unresolved), so its value is not
# reported as the wrong audience.
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
        StringsEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/77AA77AA77AA77AA77AA77AA77AA77AA:aud" = "sts.amazonaws.com.cn"
        }
      }
    }]
  })
}
