variable "team_pools" {
  description = "Pools teams ask for, by name; each may bring its own chart."
  type        = any
  default     = {}
}

resource "helm_release" "pool" {
  for_each  = var.team_pools
  name      = "pool-${each.key}"
  namespace = "karpenter"
  chart     = try(each.value.chart, "${path.module}/charts/pools")
  values    = [yamlencode({ name = each.key })]
}
