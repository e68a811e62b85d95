variable "cluster_name" {
  type    = string
  default = "analytics"
}

resource "aws_iam_role" "workers" {
  name               = "${var.cluster_name}-workers"
  assume_role_policy = jsonencode({ Version = "2012-10-17", Statement = [] })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = var.cluster_name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0a1b", "subnet-0c2d"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# The node class is kept as a YAML template next to the code and rendered
# with the template provider before kubectl applies it.
data "template_file" "batch_nodeclass" {
  template = file("${path.module}/templates/batch-nodeclass.yaml")

  vars = {
    cluster_name = var.cluster_name
    node_role    = aws_iam_role.workers.name
  }
}

resource "kubectl_manifest" "batch_nodeclass" {
  yaml_body = data.template_file.batch_nodeclass.rendered
}
