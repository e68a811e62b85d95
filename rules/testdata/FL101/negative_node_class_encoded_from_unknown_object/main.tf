variable "node_class" {
  description = "The whole EC2NodeClass, handed in by the platform pipeline"
  type        = any
}

resource "aws_iam_role" "workers" {
  name = "harbor-workers"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_node_group" "base" {
  cluster_name    = "harbor"
  node_group_name = "base"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0e1d2c3b4a5968778"]
  instance_types  = ["m7i.large"]

  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

# Nothing of the node class is known here: which role it names is not
# this tree's to say.
resource "kubectl_manifest" "burst_class" {
  yaml_body = yamlencode(var.node_class)
}
