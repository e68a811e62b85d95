resource "aws_iam_instance_profile" "nodes" {
  name = "${var.cluster_name}-nodes"
  # Either branch of a conditional.
  role = var.cluster_name == "legacy" ? "legacy-nodes" : aws_iam_role.node.name # want FL000 `A managed resource "aws_iam_role" "node" has not been declared in this module\.`
}

resource "aws_iam_role_policy_attachment" "queue_access" {
  role       = "${var.cluster_name}-nodes"
  policy_arn = "arn:aws:iam::aws:policy/AmazonSQSReadOnlyAccess"

  depends_on = [module.queues] # want FL000 `Reference to undeclared module: No module call named "queues" is declared in this module\.`
}
