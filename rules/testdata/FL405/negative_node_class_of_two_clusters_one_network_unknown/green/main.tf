# The green cluster runs in the shared VPC's subnets, made by the network
# team's stack, not here.
resource "aws_eks_cluster" "this" {
  name     = "orders-green"
  role_arn = "arn:aws:iam::111122223333:role/orders-green-cluster"

  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788"]
  }
}
