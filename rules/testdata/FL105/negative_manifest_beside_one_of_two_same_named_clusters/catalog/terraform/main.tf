# Workshop step 5: the catalog team's cluster, with a group of its own for
# the search nodes and one for its load balancer, both tagged for Karpenter.
resource "aws_eks_cluster" "this" {
  name     = "workshop"
  role_arn = "arn:aws:iam::676767676767:role/workshop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c01", "subnet-0c02"]
  }
}

resource "aws_eks_node_group" "apps" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "apps"
  node_role_arn   = "arn:aws:iam::676767676767:role/workshop-nodes"
  subnet_ids      = ["subnet-0c01", "subnet-0c02"]
  instance_types  = ["m6i.large"]

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 1
  }
}

resource "aws_security_group" "search_nodes" {
  name   = "workshop-search-nodes"
  vpc_id = "vpc-0c0c0c"
  tags = {
    "karpenter.sh/discovery" = "workshop"
  }
}

resource "aws_security_group" "search_lb" {
  name   = "workshop-search-lb"
  vpc_id = "vpc-0c0c0c"
  tags = {
    "karpenter.sh/discovery" = "workshop"
  }
}
