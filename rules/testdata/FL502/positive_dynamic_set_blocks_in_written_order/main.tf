# Two dynamic "set" blocks and a plain one after them. Terraform expands
# each dynamic block where it is written, so the release's fourth value
# comes from the second dynamic block and its fifth from the plain block:
# each unread key is reported where its own block is written.
locals {
  placement = {
    pool = "search"
  }
  sizing = {
    shards   = "3"
    replicas = "3"
  }
}

resource "helm_release" "indexer" {
  name      = "indexer"
  namespace = "search"
  chart     = "./charts/indexer"

  dynamic "set" {
    for_each = local.placement
    content {
      name  = set.key
      value = set.value
    }
  }

  dynamic "set" { # want FL502:warning `helm_release.indexer sets value replicas, which chart indexer 2.4.1 never reads`
    for_each = local.sizing
    content {
      name  = set.key
      value = set.value
    }
  }

  set {
    name  = "image.version" # want FL502:warning `helm_release.indexer sets value image.version, which chart indexer 2.4.1 never reads`
    value = "2.4.2"
  }
}
