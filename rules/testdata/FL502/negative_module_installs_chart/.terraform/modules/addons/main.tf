variable "cluster_name" {
  type = string
}

variable "node_instance_profile" {
  type = string
}

variable "karpenter_chart_version" {
  type    = string
  default = "0.37.0"
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = var.karpenter_chart_version

  values = [yamlencode({
    settings = {
      clusterName = var.cluster_name
      aws = {
        defaultInstanceProfile = var.node_instance_profile
      }
    }
  })]
}
