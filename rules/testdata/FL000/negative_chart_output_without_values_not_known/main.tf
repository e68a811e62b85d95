# The gateway's listeners come from a values file per address family;
# which one is picked is an input of the stack, not set here.
variable "dual_stack" {
  type = bool
}

resource "helm_release" "gateway" {
  name      = "edge-gateway"
  namespace = "ingress"
  chart     = "${path.module}/charts/gateway"
  values    = var.dual_stack ? [file("${path.module}/env/dual-stack.yaml")] : [file("${path.module}/env/ipv4.yaml")]
}
