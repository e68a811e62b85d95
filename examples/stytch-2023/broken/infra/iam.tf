# One node role for every node in the cluster. Karpenter's nodes use it too,
# so they are authorised by the same aws-auth entry EKS keeps for the managed
# node groups and we do not have to manage a second one.
data "aws_iam_policy_document" "nodes_assume_role" {
  statement {
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "nodes" {
  name               = local.node_role_name
  assume_role_policy = data.aws_iam_policy_document.nodes_assume_role.json
}

resource "aws_iam_role_policy_attachment" "nodes" {
  for_each = toset(local.node_policies)

  role       = aws_iam_role.nodes.name
  policy_arn = each.value
}

resource "aws_iam_instance_profile" "nodes" {
  name = aws_iam_role.nodes.name
  role = aws_iam_role.nodes.name
}
