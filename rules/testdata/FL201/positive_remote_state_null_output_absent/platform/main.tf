variable "isolate_billing" {
  type    = bool
  default = false
}

# Null unless billing gets its own namespace; Terraform leaves a null
# output out of the state altogether.
output "billing_namespace" {
  value = var.isolate_billing ? "billing-isolated" : null
}
