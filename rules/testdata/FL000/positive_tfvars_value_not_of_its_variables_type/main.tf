output "pools" {
  value = [for p in var.node_pools : p.name]
}

output "replicas" {
  value = var.replicas
}
