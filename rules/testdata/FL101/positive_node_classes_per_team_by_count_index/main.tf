# One EC2NodeClass per team, from a list the environment's tfvars give
# (none here): each class is named after its team, which is not known
# statically, but every one takes the instance profile of the managed
# node group's role.
variable "teams" {
  type = list(object({
    name = string
  }))
}

resource "aws_iam_role" "workers" {
  name = "analytics-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" }, Action = "sts:AssumeRole" }]
  })
}

resource "aws_iam_instance_profile" "workers" {
  name = "analytics-workers"
  role = aws_iam_role.workers.name
}

resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = "arn:aws:iam::123456789012:role/analytics-cluster"

  vpc_config {
    subnet_ids = ["subnet-0e7", "subnet-0e8"]
  }
}

resource "aws_eks_node_group" "base" {
  cluster_name    = aws_eks_cluster.analytics.name
  node_group_name = "base"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0e7", "subnet-0e8"]

  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
}

resource "kubectl_manifest" "team_node_class" {
  count = length(var.teams)
  yaml_body = templatefile("${path.module}/templates/node-class.yaml.tftpl", {
    team    = var.teams[count.index].name
    profile = aws_iam_instance_profile.workers.name
  })
}
