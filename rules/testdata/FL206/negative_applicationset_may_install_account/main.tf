# The namespace is created by Terraform here; the log shipper is installed
# by an ApplicationSet (gitops/addons.yaml), whose generated Applications
# are not followed: the account may well be there.
resource "kubernetes_namespace_v1" "observability" {
  metadata {
    name = "observability"
  }
}

resource "aws_iam_role" "log_shipper" {
  name = "orders-log-shipper"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "log_shipper" {
  cluster_name    = "orders"
  namespace       = "observability"
  service_account = "log-shipper"
  role_arn        = aws_iam_role.log_shipper.arn
}
