# The backup agent's trust has two web-identity statements for the same
# cluster. The first names the namespace the agent used to run in; the
# second was added during an incident and checks only the audience, so any
# service account of the cluster, velero's included, may assume the role.
# Velero is not locked out (no FL201); the open statement is FL203's.
locals {
  oidc = "oidc.eks.ca-central-1.amazonaws.com/id/3E4F5A6B7C8D9E0F1A2B3C4D5E6F7A8B"
}

resource "aws_iam_role" "velero" {
  name = "backup-velero"

  assume_role_policy = jsonencode({ # want FL203 `trust of role "backup-velero" \(aws_iam_role.velero\) lets any service account of any namespace assume it: the web-identity statement has no :sub condition`
    Version = "2012-10-17"
    Statement = [
      {
        Effect    = "Allow"
        Action    = "sts:AssumeRoleWithWebIdentity"
        Principal = { Federated = "arn:aws:iam::727272727272:oidc-provider/${local.oidc}" }
        Condition = {
          StringEquals = {
            "${local.oidc}:sub" = "system:serviceaccount:backup:velero"
            "${local.oidc}:aud" = "sts.amazonaws.com"
          }
        }
      },
      {
        Effect    = "Allow"
        Action    = "sts:AssumeRoleWithWebIdentity"
        Principal = { Federated = "arn:aws:iam::727272727272:oidc-provider/${local.oidc}" }
        Condition = {
          StringEquals = {
            "${local.oidc}:aud" = "sts.amazonaws.com"
          }
        }
      },
    ]
  })
}

resource "kubernetes_service_account_v1" "velero" {
  metadata {
    name      = "velero"
    namespace = "velero"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.velero.arn
    }
  }
}
