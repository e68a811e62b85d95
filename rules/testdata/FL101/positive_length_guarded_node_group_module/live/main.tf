resource "aws_iam_role" "workers" {
  name = "platform-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

module "platform" {
  source = "../modules/cluster"

  cluster_name = "platform"
  node_groups = {
    general = {
      instance_types = ["m7i.large"]
      min_size       = 2
    }
    batch = {
      instance_types = ["c7i.xlarge"]
      min_size       = 0
    }
  }
  node_role_arn = aws_iam_role.workers.arn
}
