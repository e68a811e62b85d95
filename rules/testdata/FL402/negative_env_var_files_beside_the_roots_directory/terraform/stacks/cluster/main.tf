# The defaults describe an x86 cluster; every environment's variables file
# (terraform/env-vars/<env>/cluster.tfvars, passed by the pipeline) turns
# the Graviton group on and the x86 group off.
variable "x86_nodes" {
  type    = bool
  default = true
}

variable "graviton_nodes" {
  type    = bool
  default = false
}

resource "aws_eks_cluster" "main" {
  name     = "basalt"
  role_arn = "arn:aws:iam::223606797749:role/basalt-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f9e8d7c6b5a43210", "subnet-0e8d7c6b5a4321098"]
  }
}

resource "aws_eks_node_group" "x86" {
  count           = var.x86_nodes ? 1 : 0
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "x86"
  node_role_arn   = "arn:aws:iam::223606797749:role/basalt-nodes"
  subnet_ids      = ["subnet-0f9e8d7c6b5a43210", "subnet-0e8d7c6b5a4321098"]
  instance_types  = ["m7i.large"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}

resource "aws_eks_node_group" "graviton" {
  count           = var.graviton_nodes ? 1 : 0
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "graviton"
  node_role_arn   = "arn:aws:iam::223606797749:role/basalt-nodes"
  subnet_ids      = ["subnet-0f9e8d7c6b5a43210", "subnet-0e8d7c6b5a4321098"]
  ami_type        = "AL2023_ARM_64_STANDARD"
  instance_types  = ["m7g.large"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}
