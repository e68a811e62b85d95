variable "member_account_id" {
  description = "The member account the agent runs in."
  type        = string
}

# Which account's role this names is known only at apply.
resource "kubernetes_service_account_v1" "agent" {
  metadata {
    name      = "metrics-agent"
    namespace = "monitoring"
    annotations = {
      "eks.amazonaws.com/role-arn" = "arn:aws:iam::${var.member_account_id}:role/metrics-reader"
    }
  }
}
