locals {
  oidc_issuer = "oidc.eks.us-west-2.amazonaws.com/id/A1B2C3D4E5F6A1B2C3D4E5F6A1B2C3D4"
}

resource "aws_iam_role" "ray" {
  name = "ray-workers"
  assume_role_policy = jsonencode({ # want FL203:warning `trust of role "ray-workers" \(aws_iam_role.ray\) lets any service account of namespace ml matching ray-\* assume it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/${local.oidc_issuer}" }
      Condition = {
        StringLike = {
          "${local.oidc_issuer}:sub" = "system:serviceaccount:ml:ray-*"
        }
        StringEquals = {
          "${local.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "ray_head" {
  metadata {
    name      = "ray-head"
    namespace = "ml"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.ray.arn
    }
  }
}
