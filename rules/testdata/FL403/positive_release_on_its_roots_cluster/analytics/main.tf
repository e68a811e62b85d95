# The analytics cluster keeps its only node group for Spark executors.
resource "aws_eks_cluster" "this" {
  name     = "analytics"
  role_arn = "arn:aws:iam::210987654321:role/analytics-cluster"

  vpc_config {
    subnet_ids = ["subnet-02a", "subnet-02b"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::210987654321:role/analytics-nodes"
  subnet_ids      = ["subnet-02a", "subnet-02b"]
  instance_types  = ["m7i.xlarge"]

  scaling_config {
    desired_size = 3
    max_size     = 6
    min_size     = 3
  }

  taint {
    key    = "workload"
    value  = "spark"
    effect = "NO_SCHEDULE"
  }
}

# The release this root installs runs in this root's cluster: prod's
# untainted nodes are another cluster's.
resource "helm_release" "metrics_gateway" {
  name       = "metrics-gateway"
  namespace  = "observability"
  chart      = "${path.module}/charts/metrics-gateway"
}
