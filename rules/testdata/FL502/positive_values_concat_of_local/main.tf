# The platform's shared values go to the config chart with one more
# document of its own.
locals {
  shared_values = [yamlencode({
    shards = 2
    tracing = {
      sampleRate = 0.1 # want FL502:warning `helm_release.gateway_config sets value tracing.sampleRate, which chart gateway-config 0.3.0 never reads`
    }
  })]
}

resource "helm_release" "gateway_config" {
  name      = "gateway-config"
  namespace = "edge"
  chart     = "${path.module}/charts/gateway-config"
  values    = concat(local.shared_values, [yamlencode({ shards = 3 })])
}
