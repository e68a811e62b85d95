data "aws_eks_cluster" "apps" {
  name = "apps"
}

# Principal and keys are all the issuer URL: one mistake, told once by
# FL205 at the principal, not again for each key.
resource "aws_iam_role" "uploader" {
  name = "apps-uploader"
  assume_role_policy = jsonencode({ # want FL205 `Federated principal data.aws_eks_cluster.apps.identity\[0\].oidc\[0\].issuer, the cluster's issuer URL, .*its 2 condition keys are built from the same URL`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.aws_eks_cluster.apps.identity[0].oidc[0].issuer }
      Condition = {
        StringEquals = {
          "${data.aws_eks_cluster.apps.identity[0].oidc[0].issuer}:sub" = "system:serviceaccount:apps:uploader"
          "${data.aws_eks_cluster.apps.identity[0].oidc[0].issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
