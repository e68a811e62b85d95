resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.us-west-2.amazonaws.com/id/9A3E7C51B2D84F60A7C1E9B3D5F2A846"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "ingest" {
  name = "pipeline-ingest"
  assume_role_policy = jsonencode({ # want FL202 `the service account bound to it is pipeline:ingest-worker`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.cluster.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/9A3E7C51B2D84F60A7C1E9B3D5F2A846:sub" = "system:serviceaccount:pipeline:ingest"
          "oidc.eks.us-west-2.amazonaws.com/id/9A3E7C51B2D84F60A7C1E9B3D5F2A846:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
