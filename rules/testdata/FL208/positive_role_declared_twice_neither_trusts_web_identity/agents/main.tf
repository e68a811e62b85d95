variable "member_account_id" {
  description = "The member account the agent runs in."
  type        = string
}

# Whichever account's role this names, its trust lets no web identity
# in: the agent's pods get no credentials.
resource "kubernetes_service_account_v1" "agent" {
  metadata {
    name      = "metrics-agent"
    namespace = "monitoring"
    annotations = {
      "eks.amazonaws.com/role-arn" = "arn:aws:iam::${var.member_account_id}:role/metrics-reader" # want FL208 `metrics-reader`
    }
  }
}
