# The Karpenter mapping was dropped while tidying the list ("the nodes are
# in an access entry now") — but no access entry names that role.
resource "aws_iam_role" "karpenter_nodes" {
  name = "orders-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

module "aws_auth" {
  source  = "terraform-aws-modules/eks/aws//modules/aws-auth"
  version = "~> 20.0"

  aws_auth_roles = [
    {
      rolearn  = "arn:aws:iam::444455556666:role/orders-platform-admin"
      username = "platform-admin"
      groups   = ["system:masters"]
    },
  ]
}
