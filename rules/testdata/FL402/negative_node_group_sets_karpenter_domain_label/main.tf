# The node group that runs the Karpenter controller says so with a label
# of Karpenter's domain, which only this group's nodes carry.
resource "aws_eks_cluster" "loom" {
  name     = "loom"
  role_arn = "arn:aws:iam::102938475610:role/loom-cluster"
  vpc_config {
    subnet_ids = ["subnet-0d1", "subnet-0d2"]
  }
}

resource "aws_eks_node_group" "controllers" {
  cluster_name    = aws_eks_cluster.loom.name
  node_group_name = "controllers"
  node_role_arn   = "arn:aws:iam::102938475610:role/loom-controllers"
  subnet_ids      = ["subnet-0d1", "subnet-0d2"]
  instance_types  = ["m7i.large"]
  labels = {
    "karpenter.sh/controller" = "true"
  }
  scaling_config {
    desired_size = 2
    max_size     = 2
    min_size     = 2
  }
}
