resource "aws_eks_cluster" "tern" {
  name     = "tern"
  role_arn = "arn:aws:iam::192837465012:role/tern-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788", "subnet-0a9b8c7d6e5f43210"]
  }
}

resource "aws_eks_fargate_profile" "system" {
  cluster_name           = aws_eks_cluster.tern.name
  fargate_profile_name   = "system"
  pod_execution_role_arn = "arn:aws:iam::192837465012:role/tern-fargate"
  subnet_ids             = ["subnet-0f1e2d3c4b5a69788", "subnet-0a9b8c7d6e5f43210"]

  selector {
    namespace = "reports"
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.tern.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::192837465012:role/tern-nodes"
  subnet_ids      = ["subnet-0f1e2d3c4b5a69788", "subnet-0a9b8c7d6e5f43210"]
  instance_types  = ["m6i.large"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}
