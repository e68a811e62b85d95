# The namespace is created by Terraform here, and nothing in this tree runs
# in it: the log shipper's chart was never added (it was planned for the
# next sprint), so the association's pods do not exist.
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
  service_account = "log-shipper" # want FL206:error `nothing in namespace observability runs as "log-shipper"$`
  role_arn        = aws_iam_role.log_shipper.arn
}
