# Team namespaces run on Fargate: one selector covers every team-*
# namespace. The only node group is kept for system add-ons.
resource "aws_eks_cluster" "apps" {
  name     = "apps"
  role_arn = "arn:aws:iam::123456789012:role/apps-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1", "subnet-0a2"]
  }
}

resource "aws_eks_fargate_profile" "teams" {
  cluster_name           = aws_eks_cluster.apps.name
  fargate_profile_name   = "teams"
  pod_execution_role_arn = "arn:aws:iam::123456789012:role/apps-fargate"
  subnet_ids             = ["subnet-0a1", "subnet-0a2"]

  selector {
    namespace = "team-*"
    labels = {
      "tier" = "web?"
    }
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.apps.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::123456789012:role/apps-nodes"
  subnet_ids      = ["subnet-0a1", "subnet-0a2"]
  instance_types  = ["m6i.large"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }

  taint {
    key    = "CriticalAddonsOnly"
    value  = "true"
    effect = "NO_SCHEDULE"
  }
}
