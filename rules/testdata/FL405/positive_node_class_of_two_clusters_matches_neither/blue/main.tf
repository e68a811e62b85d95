resource "aws_eks_cluster" "this" {
  name     = "orders-blue"
  role_arn = "arn:aws:iam::111122223333:role/orders-blue-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.private.id]
  }
}

resource "aws_subnet" "private" {
  vpc_id     = "vpc-0a1b2c3d4e5f60718"
  cidr_block = "10.30.1.0/24"
  tags = {
    Name = "orders-blue-private"
  }
}
