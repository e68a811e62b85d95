# The platform team keeps one small node group for cluster services and
# taints it so application pods stay off it. Karpenter is installed from
# the public chart and told to run there, but nobody added the taint to
# its tolerations: the chart's default only tolerates CriticalAddonsOnly,
# so the controller never starts and no NodePool ever launches a node.
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

resource "helm_release" "karpenter" { # want FL403 `Deployment karpenter/karpenter \(helm_release.karpenter's controller, modelled from chart karpenter 1.1.1's defaults and the release's values\) stays Pending: the Karpenter controller has nowhere to run: every NodePool or node group its selectors allow is tainted against it \(node group services \(aws_eks_node_group.services\): its nodes are tainted tier=services:NoSchedule\)`
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "1.1.1"

  values = [yamlencode({
    settings = {
      clusterName = aws_eks_cluster.orders.name
    }
    nodeSelector = {
      tier = "services"
    }
  })]
}
