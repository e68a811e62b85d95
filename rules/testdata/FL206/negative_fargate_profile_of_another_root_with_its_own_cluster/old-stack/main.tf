# The first attempt, kept for reference: a cluster of the same name, with
# the reports namespace on Fargate.
resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::565656565656:role/ledger-cluster"
  vpc_config {
    subnet_ids = ["subnet-0b1b2b3b4b5b6b701", "subnet-0b1b2b3b4b5b6b702"]
  }
}

resource "aws_eks_fargate_profile" "reports" {
  cluster_name           = aws_eks_cluster.ledger.name
  fargate_profile_name   = "reports"
  pod_execution_role_arn = "arn:aws:iam::565656565656:role/ledger-fargate"
  subnet_ids             = ["subnet-0b1b2b3b4b5b6b701"]
  selector {
    namespace = "reports"
  }
}
