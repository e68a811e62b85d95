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

# Moved to the karpenter stack: stop managing it here, do not destroy it.
removed {
  from = aws_iam_instance_profile.karpenter

  lifecycle {
    destroy = false
  }
}
