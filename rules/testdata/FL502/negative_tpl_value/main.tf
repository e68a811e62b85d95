# Chart 1.14 renders settings.* with tpl: the cluster name below is a
# template reading clusterLabel, a key no template names.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.14.1"

  values = [<<-YAML
    clusterLabel: analytics
    settings:
      clusterName: "{{ .Values.clusterLabel }}-prod"
  YAML
  ]
}
