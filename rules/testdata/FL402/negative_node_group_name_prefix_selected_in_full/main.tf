# The batch group is named with a prefix, and the job pins itself to the
# name EKS gave it, suffix and all (read back from the console): a name
# that starts with the prefix may be that group's.
resource "aws_eks_cluster" "jobs" {
  name     = "jobs"
  role_arn = "arn:aws:iam::790123456781:role/jobs-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0e1f2a3b4c5d6e701", "subnet-0e1f2a3b4c5d6e702"]
  }
}

resource "aws_eks_node_group" "batch" {
  cluster_name           = aws_eks_cluster.jobs.name
  node_group_name_prefix = "batch-"
  node_role_arn          = "arn:aws:iam::790123456781:role/jobs-nodes"
  subnet_ids             = ["subnet-0e1f2a3b4c5d6e701", "subnet-0e1f2a3b4c5d6e702"]
  instance_types         = ["c6i.2xlarge"]
  scaling_config {
    desired_size = 1
    min_size     = 0
    max_size     = 10
  }
}

resource "kubernetes_job_v1" "reindex" {
  metadata {
    name      = "reindex"
    namespace = "search"
  }
  spec {
    template {
      metadata {}
      spec {
        restart_policy = "Never"
        node_selector = {
          "eks.amazonaws.com/nodegroup" = "batch-20240611093015882700000003"
        }
        container {
          name  = "reindex"
          image = "registry.example.com/search/reindex:2.3.0"
        }
      }
    }
  }
}
