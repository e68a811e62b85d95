resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.1.1"

  set {
    name  = "settings.clusterName"
    value = "heron"
  }

  # The chart reads the controller's environment under controller.env; a
  # top-level env list, set element by element as `helm --set` indexes
  # it, is one list nothing reads, reported where its first element is.
  set {
    name  = "env[0].name" # want FL502 `helm_release.karpenter sets value env, which chart karpenter 1.1.1 never reads`
    value = "AWS_REGION"
  }

  set {
    name  = "env[0].value"
    value = "eu-west-1"
  }
}
