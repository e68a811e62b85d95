variable "isolate_billing" {
  type    = bool
  default = false
}

# The namespace billing runs in, its own one when isolated; always set,
# so the state holds it.
output "billing_namespace" {
  value = var.isolate_billing ? "billing-isolated" : "billing"
}
