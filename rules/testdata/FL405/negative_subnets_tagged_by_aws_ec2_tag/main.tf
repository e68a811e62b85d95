# The VPC belongs to the network stack; this root tags its private
# subnets and the cluster's security group for Karpenter's discovery with
# aws_ec2_tag, so the node class's selectors find both.
resource "aws_subnet" "private_a" {
  vpc_id            = "vpc-0net"
  cidr_block        = "10.30.0.0/19"
  availability_zone = "ap-south-1a"
}

resource "aws_subnet" "private_b" {
  vpc_id            = "vpc-0net"
  cidr_block        = "10.30.32.0/19"
  availability_zone = "ap-south-1b"
}

resource "aws_eks_cluster" "payments" {
  name     = "payments"
  role_arn = "arn:aws:iam::123456789012:role/payments-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.private_a.id, aws_subnet.private_b.id]
  }
}

resource "aws_ec2_tag" "private_subnet_discovery" {
  for_each    = { a = aws_subnet.private_a.id, b = aws_subnet.private_b.id }
  resource_id = each.value
  key         = "karpenter.sh/discovery"
  value       = aws_eks_cluster.payments.name
}

resource "aws_ec2_tag" "cluster_sg_discovery" {
  resource_id = aws_eks_cluster.payments.vpc_config[0].cluster_security_group_id
  key         = "karpenter.sh/discovery"
  value       = aws_eks_cluster.payments.name
}
