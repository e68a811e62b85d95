resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::210987654321:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a0b0c0d0e0f01020", "subnet-0a0b0c0d0e0f03040"]
  }
}

resource "aws_iam_openid_connect_provider" "ledger" {
  url             = aws_eks_cluster.ledger.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_policy" "reports" {
  name   = "ledger-reports"
  policy = jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Action = "s3:GetObject", Resource = "*" }] })
}

# Neither annotation names a role: there is no trust to compare the
# accounts with, and nothing for FL201/FL202 to count as undecided.
resource "kubernetes_service_account_v1" "sync" {
  metadata {
    name      = "sync"
    namespace = "ledger"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_openid_connect_provider.ledger.arn # want FL208 `an IAM OIDC provider's ARN, not a role's`
    }
  }
}

resource "kubernetes_service_account_v1" "reports" {
  metadata {
    name      = "reports"
    namespace = "ledger"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_policy.reports.arn # want FL208 `an IAM policy's ARN, not a role's`
    }
  }
}
