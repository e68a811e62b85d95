# The reporter's role is made for EKS Pod Identity only.
resource "aws_iam_role" "reporter" {
  name = "orbit-reporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

# Terraform hands the ARNs to Flux through a Secret in flux-system.
resource "kubernetes_secret_v1" "platform_vars" {
  metadata {
    name      = "platform-vars"
    namespace = "flux-system"
  }
  data = {
    REPORTER_ROLE_ARN = aws_iam_role.reporter.arn
  }
}
