variable "agent_role_arn" {
  type = string
}

variable "agent_namespace" {
  type = string
}

resource "aws_eks_cluster" "this" {
  name     = "telemetry"
  role_arn = "arn:aws:iam::345678901234:role/telemetry-cluster"
  vpc_config {
    subnet_ids = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]
  }
}

resource "aws_iam_openid_connect_provider" "this" {
  url             = aws_eks_cluster.this.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "kubernetes_service_account_v1" "agent" {
  metadata {
    name      = "metrics-agent"
    namespace = var.agent_namespace
    annotations = {
      "eks.amazonaws.com/role-arn" = var.agent_role_arn
    }
  }
}

output "oidc_provider_arn" {
  value = aws_iam_openid_connect_provider.this.arn
}

output "issuer" {
  value = replace(aws_iam_openid_connect_provider.this.url, "https://", "")
}
