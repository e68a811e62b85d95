resource "aws_iam_role" "ingest" {
  name = "ingest-writer"
  assume_role_policy = jsonencode({ # want FL202:warning `the service account bound to it is ingest:batch`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5E1D7C0FFEE0A11B0B" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/5E1D7C0FFEE0A11B0B:sub" = "system:serviceaccount:ingest:writer"
          "oidc.eks.eu-west-1.amazonaws.com/id/5E1D7C0FFEE0A11B0B:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
