# Linked into live/<service>/ by bin/link-snippets: Terraform runs there,
# where ../../charts/redis is the chart. This directory is no root.
resource "helm_release" "redis" {
  name      = "redis"
  namespace = "cache"
  chart     = "${path.module}/../../charts/redis"
}
