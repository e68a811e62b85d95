# No version: whichever chart Helm picks decides what is read; unknown.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"

  set {
    name  = "aws.defaultInstanceProfile"
    value = "legacy-nodes"
  }
}
