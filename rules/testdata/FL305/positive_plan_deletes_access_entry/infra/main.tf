# The pull request "cleans up" access entries while moving node access to
# the Karpenter module — but the EC2NodeClass still launches nodes as this role.
resource "aws_iam_role" "karpenter_node" {
  name = "prod-karpenter-node"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
