# The system node group stays. This pull request removes the "legacy" node
# group, still in the state, so the plan deletes it. Its role is also the
# role of Karpenter's "spot" EC2NodeClass: with the last managed node group
# using it gone, EKS drops its node access and Karpenter's nodes stop joining.
resource "aws_eks_node_group" "system" {
  cluster_name    = var.cluster_name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = var.subnet_ids
  instance_types  = ["m6i.large"]

  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }

  depends_on = [aws_iam_role_policy_attachment.nodes]
}
