variable "name" {
  type = string
}

output "name" {
  value = var.name
}
