resource "aws_subnet" "west_a" {
  vpc_id            = "vpc-0c0ffee0c0ffee001"
  cidr_block        = "10.40.0.0/20"
  availability_zone = "eu-west-1a"
}

resource "aws_subnet" "west_b" {
  vpc_id            = "vpc-0c0ffee0c0ffee001"
  cidr_block        = "10.40.16.0/20"
  availability_zone = "eu-west-1b"
}

resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::690213578402:role/search-control-plane"
  vpc_config {
    subnet_ids = [aws_subnet.west_a.id, aws_subnet.west_b.id]
  }
}

resource "aws_eks_node_group" "data" {
  cluster_name    = aws_eks_cluster.search.name
  node_group_name = "data"
  node_role_arn   = "arn:aws:iam::690213578402:role/search-nodes"
  subnet_ids      = [aws_subnet.west_a.id, aws_subnet.west_b.id]
  instance_types  = ["r6i.xlarge"]
  scaling_config {
    desired_size = 3
    min_size     = 3
    max_size     = 6
  }
}
