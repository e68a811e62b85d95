# A key known only after apply (named by another resource's attribute)
# may be one the chart reads: only known keys are checked.
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
      ${aws_sqs_queue.interruptions.tags_all["setting"]}: orders-interruptions
  YAML
  ]
}
