resource "aws_iam_role" "api" {
  name = "shop-api"
  assume_role_policy = jsonencode({ # want FL201 `trust of role "shop-api" \(aws_iam_role.api\) allows system:serviceaccount:store:api; the service account runs as shop:api`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/61D2E3F4A5B6C7D8E9F0" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/61D2E3F4A5B6C7D8E9F0:sub" = "system:serviceaccount:store:api"
          "oidc.eks.us-west-2.amazonaws.com/id/61D2E3F4A5B6C7D8E9F0:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
