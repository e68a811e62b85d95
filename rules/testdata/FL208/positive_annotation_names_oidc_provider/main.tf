resource "aws_eks_cluster" "main" {
  name     = "search"
  role_arn = "arn:aws:iam::123456789012:role/search-cluster"
  vpc_config {
    subnet_ids = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The wrong output was wired in: the provider's ARN, not the role's.
resource "kubernetes_service_account_v1" "indexer" {
  metadata {
    name      = "indexer"
    namespace = "search"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_openid_connect_provider.main.arn # want FL208 `kubernetes_service_account_v1.indexer is bound to aws_iam_openid_connect_provider.main.arn, an IAM OIDC provider's ARN, not a role's`
    }
  }
}
