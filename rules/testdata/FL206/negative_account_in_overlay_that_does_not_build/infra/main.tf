resource "aws_eks_cluster" "main" {
  name     = "ledger"
  role_arn = "arn:aws:iam::975318642097:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-09f8e7d6c5b4a3210", "subnet-0a1b2c3d4e5f60718"]
  }
}

resource "aws_iam_role" "invoice_reader" {
  name = "ledger-invoice-reader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The billing app's account is in the platform overlay, which does not
# build until the audit app's generated manifest is committed: its
# objects are not read, so the account is not provably absent.
resource "aws_eks_pod_identity_association" "invoice_reader" {
  cluster_name    = aws_eks_cluster.main.name
  namespace       = "billing"
  service_account = "invoice-reader"
  role_arn        = aws_iam_role.invoice_reader.arn
}
