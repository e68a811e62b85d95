data "aws_iam_policy_document" "nodes_assume_role" {
  statement {
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

# Node role of the managed node groups only. EKS manages its node access
# (and the instance profile) on the node groups' behalf.
resource "aws_iam_role" "nodes" {
  name               = local.node_role_name
  assume_role_policy = data.aws_iam_policy_document.nodes_assume_role.json
}

resource "aws_iam_role_policy_attachment" "nodes" {
  for_each = toset(local.node_policies)

  role       = aws_iam_role.nodes.name
  policy_arn = each.value
}

# Karpenter's nodes have their own role and their own access entry, so
# nothing that happens to the node groups can take their access away.
# Karpenter creates and owns the instance profile for it (spec.role).
resource "aws_iam_role" "karpenter_node" {
  name               = local.karpenter_node_role_name
  assume_role_policy = data.aws_iam_policy_document.nodes_assume_role.json
}

resource "aws_iam_role_policy_attachment" "karpenter_node" {
  for_each = toset(local.node_policies)

  role       = aws_iam_role.karpenter_node.name
  policy_arn = each.value
}

resource "aws_eks_access_entry" "karpenter_node" {
  cluster_name  = module.eks.cluster_name
  principal_arn = aws_iam_role.karpenter_node.arn
  type          = "EC2_LINUX"
}
