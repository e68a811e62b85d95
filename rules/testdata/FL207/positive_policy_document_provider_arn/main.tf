provider "aws" {
  region = "us-east-1"
}

resource "aws_eks_cluster" "this" {
  name     = "prod"
  role_arn = "arn:aws:iam::111122223333:role/prod-eks-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

data "tls_certificate" "oidc" {
  url = aws_eks_cluster.this.identity[0].oidc[0].issuer
}

resource "aws_iam_openid_connect_provider" "this" {
  url             = aws_eks_cluster.this.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = [data.tls_certificate.oidc.certificates[0].sha1_fingerprint]
}

# The provider's ARN went into the condition key as well as the principal.
data "aws_iam_policy_document" "external_secrets" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.this.arn]
    }

    condition {
      test     = "StringEquals"
      variable = "${aws_iam_openid_connect_provider.this.arn}:sub"
      values   = ["system:serviceaccount:external-secrets:external-secrets"]
    }
  }
}

resource "aws_iam_role" "external_secrets" {
  name               = "prod-external-secrets"
  assume_role_policy = data.aws_iam_policy_document.external_secrets.json # want FL207 `condition key "\$\{aws_iam_openid_connect_provider.this.arn\}:sub" is built from aws_iam_openid_connect_provider.this.arn, an OIDC provider ARN`
}

# A literal ARN in the key.
resource "aws_iam_role" "velero" {
  name = "prod-velero"

  assume_role_policy = jsonencode({ # want FL207 `condition key "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2:sub" is the OIDC provider ARN` FL204 `trust of role "prod-velero" \(aws_iam_role.velero\) has a web-identity statement without an :aud`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2" }
      Condition = {
        StringEquals = {
          "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2:sub" = "system:serviceaccount:velero:velero"
        }
      }
    }]
  })
}
