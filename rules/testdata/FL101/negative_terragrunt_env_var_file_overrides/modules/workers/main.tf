variable "cluster_name" {
  type = string
}

variable "node_role_name" {
  type = string
}

data "aws_iam_policy_document" "ec2_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "batch" {
  name               = var.node_role_name
  assume_role_policy = data.aws_iam_policy_document.ec2_assume.json
}

resource "aws_eks_node_group" "batch" {
  cluster_name    = var.cluster_name
  node_group_name = "batch"
  node_role_arn   = aws_iam_role.batch.arn
  subnet_ids      = ["subnet-0d2e3f4a5b6c7d8e9"]
  instance_types  = ["c7i.xlarge"]

  scaling_config {
    desired_size = 0
    min_size     = 0
    max_size     = 8
  }
}
