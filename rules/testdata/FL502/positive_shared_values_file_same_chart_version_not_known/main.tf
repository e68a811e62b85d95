# Both clusters install Karpenter with one values file; the version of the
# second is chosen at apply. The file is written for Karpenter alone: a
# key the pinned version does not read is not excused by the other
# release, which installs the same chart.
variable "canary_karpenter_version" {
  type = string
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.0.1"
  values     = [file("${path.module}/karpenter-values.yaml")]
}

resource "helm_release" "karpenter_canary" {
  provider   = helm.canary
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = var.canary_karpenter_version
  values     = [file("${path.module}/karpenter-values.yaml")]
}

provider "helm" {
  alias = "canary"
}
