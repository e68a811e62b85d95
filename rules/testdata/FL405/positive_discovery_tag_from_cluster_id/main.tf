# The node class is rendered with the cluster's id, which the AWS provider
# sets to its name; the private subnets were tagged for the cluster this
# one replaced.
resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
}

resource "aws_subnet" "private_a" {
  vpc_id            = aws_vpc.main.id
  cidr_block        = "10.40.1.0/24"
  availability_zone = "eu-west-1a"
  tags = {
    "karpenter.sh/discovery" = "orders-blue"
  }
}

resource "aws_eks_cluster" "orders" {
  name     = "orders-green"
  role_arn = "arn:aws:iam::123456789012:role/orders-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.private_a.id]
  }
}

resource "kubernetes_manifest" "node_class" {
  manifest = yamldecode(templatefile("${path.module}/templates/node-class.yaml", {
    cluster = aws_eks_cluster.orders.id
  }))
}
