# The repository's cluster module. Its defaults are for tests; each
# environment pins it by tag and sizes the nodes.
variable "name" {
  type    = string
  default = "sandbox"
}

variable "node_instance_types" {
  type    = list(string)
  default = ["t3.small"]
}

resource "aws_eks_cluster" "this" {
  name     = var.name
  role_arn = "arn:aws:iam::246813579024:role/cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1", "subnet-0f2"]
  }
}

resource "aws_eks_node_group" "default" {
  cluster_name    = aws_eks_cluster.this.name
  node_group_name = "default"
  node_role_arn   = "arn:aws:iam::246813579024:role/nodes"
  subnet_ids      = ["subnet-0f1", "subnet-0f2"]
  instance_types  = var.node_instance_types
  scaling_config {
    desired_size = 3
    max_size     = 6
    min_size     = 3
  }
}
