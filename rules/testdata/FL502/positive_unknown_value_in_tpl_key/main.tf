# Chart 1.14 renders settings.* with tpl. clusterEndpoint comes from a data
# source, unknown before apply: a value, not template text, so the keys
# the chart never reads are still checked. interruptionQueueName is one
# (the chart reads settings.interruptionQueue).
data "aws_eks_cluster" "this" {
  name = "orders"
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.14.1"

  values = [<<-YAML
    settings:
      clusterName: orders
      clusterEndpoint: ${data.aws_eks_cluster.this.endpoint}
      interruptionQueueName: orders-interruptions # want FL502:warning `helm_release.karpenter sets value settings.interruptionQueueName, which chart karpenter 1.14.1 never reads`
  YAML
  ]
}
