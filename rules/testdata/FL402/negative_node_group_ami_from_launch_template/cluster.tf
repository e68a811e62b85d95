# The only group launches from a launch template whose AMI the image
# pipeline publishes; no ami_type says which system it runs.
resource "aws_launch_template" "golden" {
  name_prefix = "golden-"
  image_id    = var.golden_ami_id
}

variable "golden_ami_id" {
  type = string
}

resource "aws_eks_node_group" "golden" {
  cluster_name    = "reports"
  node_group_name = "golden"
  node_role_arn   = "arn:aws:iam::123456789012:role/reports-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  instance_types  = ["m6i.xlarge"]

  launch_template {
    id      = aws_launch_template.golden.id
    version = aws_launch_template.golden.latest_version
  }

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 1
  }
}
