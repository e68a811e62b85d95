resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::123456789012:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

# The group's launch template only hardens instance metadata and adds the
# node security group; it names no AMI, so EKS picks an Amazon Linux one.
resource "aws_launch_template" "hardened" {
  name_prefix            = "ledger-hardened-"
  vpc_security_group_ids = ["sg-0c1d2e3f405162738"]

  metadata_options {
    http_tokens                 = "required"
    http_put_response_hop_limit = 2
  }
}

resource "aws_eks_node_group" "ledger" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "ledger"
  node_role_arn   = "arn:aws:iam::123456789012:role/ledger-nodes"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718"]
  instance_types  = ["m6i.large"]

  launch_template {
    id      = aws_launch_template.hardened.id
    version = aws_launch_template.hardened.latest_version
  }

  scaling_config {
    min_size     = 1
    max_size     = 4
    desired_size = 2
  }
}
