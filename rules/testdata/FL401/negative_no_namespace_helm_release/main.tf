resource "aws_eks_cluster" "batch" {
  name     = "batch"
  role_arn = "arn:aws:iam::111122223333:role/batch-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = aws_eks_cluster.batch.name
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::111122223333:role/batch-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]

  scaling_config {
    min_size     = 1
    max_size     = 10
    desired_size = 2
  }
}

resource "aws_eks_fargate_profile" "system" {
  cluster_name           = aws_eks_cluster.batch.name
  fargate_profile_name   = "system"
  pod_execution_role_arn = "arn:aws:iam::111122223333:role/batch-fargate"
  subnet_ids             = ["subnet-0aa"]

  selector {
    namespace = "kube-system"
  }
  selector {
    namespace = "karpenter"
  }
}

resource "helm_release" "api" {
  name      = "api"
  namespace = "kube-system"
  chart     = "./chart"
}
