resource "aws_eks_cluster" "this" {
  name     = "kestrel"
  role_arn = "arn:aws:iam::111122223333:role/kestrel-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

# The whole cluster object, for callers to read what they need.
output "cluster" {
  value = aws_eks_cluster.this
}
