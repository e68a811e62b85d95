resource "aws_eks_cluster" "events" {
  name     = "events"
  role_arn = "arn:aws:iam::343434343434:role/events-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e1", "subnet-0e2", "subnet-0e3"]
  }
}

resource "aws_eks_node_group" "streaming" {
  cluster_name    = aws_eks_cluster.events.name
  node_group_name = "streaming"
  node_role_arn   = "arn:aws:iam::343434343434:role/events-nodes"
  subnet_ids      = ["subnet-0e1", "subnet-0e2", "subnet-0e3"]
  instance_types  = ["r6i.xlarge"]

  labels = {
    workload = "streaming"
  }

  scaling_config {
    min_size     = 3
    max_size     = 6
    desired_size = 3
  }
}
