variable "environment" {
  type = string
}

output "tags" {
  value = { environment = var.environment }
}
