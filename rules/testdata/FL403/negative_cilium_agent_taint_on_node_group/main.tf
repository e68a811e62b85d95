# The cluster runs Cilium instead of the VPC CNI: its nodes are created
# with Cilium's startup taint so pods wait until the Cilium agent runs on
# the node, and the agent removes it then. The API's pods need no
# toleration for it.
resource "aws_eks_cluster" "edge" {
  name     = "edge"
  role_arn = "arn:aws:iam::123456789012:role/edge-cluster"

  vpc_config {
    subnet_ids = ["subnet-0b1", "subnet-0b2"]
  }
}

resource "aws_eks_node_group" "general" {
  cluster_name    = aws_eks_cluster.edge.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::123456789012:role/edge-nodes"
  subnet_ids      = ["subnet-0b1", "subnet-0b2"]
  instance_types  = ["m6i.xlarge"]

  taint {
    key    = "node.cilium.io/agent-not-ready"
    value  = "true"
    effect = "NO_EXECUTE"
  }

  scaling_config {
    min_size     = 2
    max_size     = 6
    desired_size = 2
  }
}
