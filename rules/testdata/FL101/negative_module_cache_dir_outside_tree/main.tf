# The manifest below names a directory far outside the repository (a cache
# copied from another machine): it is refused, so the node group is unknown.
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

module "nodes" {
  source  = "acme/nodes/aws"
  version = "~> 1.4"

  cluster_name  = "platform"
  node_role_arn = aws_iam_role.workers.arn
  subnet_ids    = ["subnet-0a1b2c", "subnet-3d4e5f"]

  pools = {
    system = { instance_types = ["m6i.large"], size = 2 }
  }
}
