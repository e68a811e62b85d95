# The Karpenter controller is told to run on the tainted services node
# group; the environment appends its own YAML to the values (tolerations
# among it, perhaps), which this tree does not give. Whether the
# controller tolerates the taint is not known here.
resource "aws_eks_cluster" "orders" {
  name     = "orders"
  role_arn = "arn:aws:iam::123456789012:role/orders-cluster"

  vpc_config {
    subnet_ids = ["subnet-0f1", "subnet-0f2"]
  }
}

resource "aws_eks_node_group" "services" {
  cluster_name    = aws_eks_cluster.orders.name
  node_group_name = "services"
  node_role_arn   = "arn:aws:iam::123456789012:role/orders-nodes"
  subnet_ids      = ["subnet-0f1", "subnet-0f2"]
  instance_types  = ["m6i.large"]

  labels = {
    tier = "services"
  }

  taint {
    key    = "tier"
    value  = "services"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

variable "karpenter_extra_values" {
  description = "YAML appended to the Karpenter chart's values per environment"
  type        = string
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "1.1.1"

  values = [<<-EOT
    settings:
      clusterName: ${aws_eks_cluster.orders.name}
    nodeSelector:
      tier: services
    ${var.karpenter_extra_values}
  EOT
  ]
}
