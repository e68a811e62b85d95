resource "aws_eks_cluster" "reports" {
  name     = "reports"
  role_arn = "arn:aws:iam::210987654321:role/reports-cluster"

  vpc_config {
    subnet_ids = ["subnet-0d1", "subnet-0d2"]
  }
}

# The template names its instance type from a variable set per
# environment: the group launches whatever that is.
variable "node_instance_type" {
  type = string
}

resource "aws_launch_template" "hardened" {
  name_prefix   = "reports-"
  instance_type = var.node_instance_type

  metadata_options {
    http_tokens                 = "required"
    http_put_response_hop_limit = 2
  }
}

resource "aws_eks_node_group" "main" {
  cluster_name    = aws_eks_cluster.reports.name
  node_group_name = "main"
  node_role_arn   = "arn:aws:iam::210987654321:role/reports-nodes"
  subnet_ids      = ["subnet-0d1", "subnet-0d2"]

  launch_template {
    id      = aws_launch_template.hardened.id
    version = aws_launch_template.hardened.latest_version
  }

  scaling_config {
    min_size     = 1
    max_size     = 5
    desired_size = 2
  }
}
