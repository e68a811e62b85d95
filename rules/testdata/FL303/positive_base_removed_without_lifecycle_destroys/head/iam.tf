# The same change in a Terraform file: without a lifecycle block
# Terraform's removed block destroys the role, and the node group still
# runs as it.
removed {
  from = aws_iam_role.nodes
}
