# A snippet kept from another platform's setup: it reads a local and a
# variable declared nowhere here, so Terraform stops at those references
# before it ever calls file() (and, not being applied or called, they are
# not reported either).
resource "helm_release" "redis" {
  name      = "redis"
  namespace = local.namespace
  chart     = "oci://registry-1.docker.io/bitnamicharts/redis"
  version   = var.redis_chart_version

  values = [file("${path.module}/values/redis-openshift.yaml")]
}
