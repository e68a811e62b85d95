variable "enabled" {
  type    = bool
  default = false
}

resource "aws_iam_role" "controller" {
  count = var.enabled ? 1 : 0
  name  = "karpenter-controller"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

output "controller_role_arn" {
  value = var.enabled ? aws_iam_role.controller[0].arn : null
}
