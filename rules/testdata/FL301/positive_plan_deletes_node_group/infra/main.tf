# The pull request removes the last managed node group: workloads run on
# Karpenter now. The role stays, and Karpenter's EC2NodeClass uses it.
resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
