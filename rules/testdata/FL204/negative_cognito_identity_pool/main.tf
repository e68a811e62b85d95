# Cognito identity pools use web identity with their own audience (the
# pool ID): not an EKS service account trust.
resource "aws_iam_role" "app_users" {
  name = "app-authenticated"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "cognito-identity.amazonaws.com" }
      Condition = {
        StringEquals = {
          "cognito-identity.amazonaws.com:aud" = "eu-west-1:0f0e0d0c-0b0a-0908-0706-050403020100"
        }
        "ForAnyValue:StringLike" = {
          "cognito-identity.amazonaws.com:amr" = "authenticated"
        }
      }
    }]
  })
}
