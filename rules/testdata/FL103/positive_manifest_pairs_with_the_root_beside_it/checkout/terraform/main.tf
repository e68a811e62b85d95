# Workshop step 3: the checkout team's cluster. Every step of the
# workshop names its cluster "workshop"; each is applied on its own.
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
