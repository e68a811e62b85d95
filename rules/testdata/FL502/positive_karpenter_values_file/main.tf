# Values kept from the v0.27 install; the release now pins ~0.36.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "~0.36.0"
  values     = [file("${path.module}/karpenter-values.yaml")]
}
