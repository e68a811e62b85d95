variable "lb_role_arn" {
  type        = string
  description = "The controller's IRSA role, from the IAM stack's outputs."
}

locals {
  settings = {
    replicas = { name = "replicaCount", value = 2 }
    role     = { name = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn", value = var.lb_role_arn }
    stamp    = { name = "podAnnotations.deployed-at", value = timestamp() }
  }
}

# The set blocks come from a map, one of whose values is known only once
# the IAM stack has applied, and one only when Terraform applies.
resource "helm_release" "lb_controller" {
  name       = "aws-load-balancer-controller"
  namespace  = "kube-system"
  repository = "https://aws.github.io/eks-charts"
  chart      = "aws-load-balancer-controller"
  version    = "1.8.1"

  dynamic "set" {
    for_each = local.settings
    content {
      name  = set.value.name
      value = set.value.value
    }
  }
}
