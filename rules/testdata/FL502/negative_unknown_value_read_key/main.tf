# Unknown values (the endpoint and the queue come from other resources)
# in keys the chart renders with tpl, every key one the chart reads:
# nothing to report.
data "aws_eks_cluster" "this" {
  name = "orders"
}

resource "aws_sqs_queue" "interruptions" {
  name = "orders-interruptions"
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
      interruptionQueue: ${aws_sqs_queue.interruptions.name}
  YAML
  ]
}
