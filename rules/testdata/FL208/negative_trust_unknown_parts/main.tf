provider "aws" {
  region = "eu-central-1"
}

# Which principal may assume the role is set per environment.
variable "trusted_service" {
  type = string
}

variable "assume_actions" {
  type = list(string)
}

resource "aws_iam_role" "exporter" {
  name = "cost-exporter"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = var.trusted_service }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_role" "agent" {
  name = "cost-agent"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = var.assume_actions
    }]
  })
}

resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "cost-exporter"
    namespace = "finops"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.exporter.arn
    }
  }
}

resource "aws_eks_pod_identity_association" "agent" {
  cluster_name    = "finops"
  namespace       = "finops"
  service_account = "cost-agent"
  role_arn        = aws_iam_role.agent.arn
}

resource "kubernetes_service_account_v1" "agent" {
  metadata {
    name      = "cost-agent"
    namespace = "finops"
  }
}
