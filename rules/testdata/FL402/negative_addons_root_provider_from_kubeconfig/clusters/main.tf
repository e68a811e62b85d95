# The platform root makes both of the analytics clusters. Only "lake"
# has nodes for the streaming tier.
resource "aws_eks_cluster" "lake" {
  name     = "analytics-lake"
  role_arn = "arn:aws:iam::518273645091:role/analytics-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0a9b8c7d6e5f40311", "subnet-0a9b8c7d6e5f40312"]
  }
}

resource "aws_eks_cluster" "warehouse" {
  name     = "analytics-warehouse"
  role_arn = "arn:aws:iam::518273645091:role/analytics-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0a9b8c7d6e5f40311", "subnet-0a9b8c7d6e5f40312"]
  }
}

resource "aws_eks_node_group" "lake_streaming" {
  cluster_name    = aws_eks_cluster.lake.name
  node_group_name = "streaming"
  node_role_arn   = "arn:aws:iam::518273645091:role/analytics-nodes"
  subnet_ids      = ["subnet-0a9b8c7d6e5f40311", "subnet-0a9b8c7d6e5f40312"]
  instance_types  = ["r6i.2xlarge"]
  labels          = { tier = "streaming" }
  scaling_config {
    desired_size = 3
    min_size     = 3
    max_size     = 9
  }
}

resource "aws_eks_node_group" "warehouse_batch" {
  cluster_name    = aws_eks_cluster.warehouse.name
  node_group_name = "batch"
  node_role_arn   = "arn:aws:iam::518273645091:role/analytics-nodes"
  subnet_ids      = ["subnet-0a9b8c7d6e5f40311", "subnet-0a9b8c7d6e5f40312"]
  instance_types  = ["c6i.2xlarge"]
  labels          = { tier = "batch" }
  scaling_config {
    desired_size = 2
    min_size     = 1
    max_size     = 12
  }
}
