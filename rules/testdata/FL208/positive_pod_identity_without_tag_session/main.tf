provider "aws" {
  region = "us-east-2"
}

resource "aws_iam_role" "cloudwatch_agent" {
  name = "observability-cloudwatch-agent"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_eks_pod_identity_association" "cloudwatch_agent" {
  cluster_name    = "observability"
  namespace       = "amazon-cloudwatch"
  service_account = "cloudwatch-agent"
  role_arn        = aws_iam_role.cloudwatch_agent.arn # want FL208:error `aws_eks_pod_identity_association.cloudwatch_agent binds IAM role "observability-cloudwatch-agent" \(aws_iam_role.cloudwatch_agent\) to amazon-cloudwatch/cloudwatch-agent, but the role's trust trusts pods.eks.amazonaws.com without sts:TagSession`
}
