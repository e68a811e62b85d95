# The add-ons are kept in a local of their own file: the binding is
# reported where the role-arn is written there, not at the module call.
locals {
  cluster_addons = {
    coredns = {}
    amazon-cloudwatch-observability = {
      service_account_role_arn = aws_iam_role.observability.arn # want FL208:error `service account amazon-cloudwatch/cloudwatch-agent \(module.eks.aws_eks_addon.this\["amazon-cloudwatch-observability"\], add-on amazon-cloudwatch-observability\) is bound to IAM role "telemetry-observability"`
    }
  }
}

# Written for the nodes, not for the agent's service account.
resource "aws_iam_role" "observability" {
  name = "telemetry-observability"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}
