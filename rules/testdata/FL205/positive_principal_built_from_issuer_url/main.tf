data "aws_caller_identity" "current" {}

resource "aws_iam_role" "cluster" {
  name = "analytics-cluster"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = aws_iam_role.cluster.arn
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b6c7d8", "subnet-0d2e3f4a5b6c7d8e9"]
  }
}

locals {
  issuer = replace(aws_eks_cluster.analytics.identity[0].oidc[0].issuer, "https://", "")
}

# The keys drop the scheme; the principal was built from the issuer URL
# as the cluster gives it, https:// included.
resource "aws_iam_role" "reports" {
  name = "analytics-reports"
  assume_role_policy = jsonencode({ # want FL205 `Federated principal .*oidc-provider/\$\{aws_eks_cluster\.analytics\.identity\[0\]\.oidc\[0\]\.issuer\}, an OIDC provider ARN built from .* which starts with https://`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${aws_eks_cluster.analytics.identity[0].oidc[0].issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:reports:exporter"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# Written out with the scheme.
resource "aws_iam_role" "audit" {
  name = "analytics-audit"
  assume_role_policy = jsonencode({ # want FL205 `Federated principal arn:aws:iam::444455556666:oidc-provider/https://oidc\.eks\.eu-west-1\.amazonaws\.com/id/61C0A9E2B7D54F38A1E6C2B9D0F7A3E4, an OIDC provider ARN built from the issuer URL`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/https://oidc.eks.eu-west-1.amazonaws.com/id/61C0A9E2B7D54F38A1E6C2B9D0F7A3E4" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/61C0A9E2B7D54F38A1E6C2B9D0F7A3E4:sub" = "system:serviceaccount:audit:collector"
          "oidc.eks.eu-west-1.amazonaws.com/id/61C0A9E2B7D54F38A1E6C2B9D0F7A3E4:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
