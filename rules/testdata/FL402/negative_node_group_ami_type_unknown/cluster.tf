# Each environment picks its node image family in its tfvars.
variable "node_ami_type" {
  type = string
}

resource "aws_eks_node_group" "general" {
  cluster_name    = "reports"
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::123456789012:role/reports-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  ami_type        = var.node_ami_type
  instance_types  = ["m6i.xlarge"]

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 1
  }
}
