# The team cleared the chart's affinity so the controller could "run
# anywhere". Nothing but Karpenter's own NodePool is left for it: the
# Fargate profile only takes CoreDNS, and there is no node group. On the
# first install the controller has no node, and without the controller
# the NodePool launches none.
resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = "arn:aws:iam::123456789012:role/atlas-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1", "subnet-0a2"]
  }
}

resource "aws_eks_fargate_profile" "coredns" {
  cluster_name           = aws_eks_cluster.atlas.name
  fargate_profile_name   = "coredns"
  pod_execution_role_arn = "arn:aws:iam::123456789012:role/atlas-fargate"
  subnet_ids             = ["subnet-0a1", "subnet-0a2"]

  selector {
    namespace = "kube-system"
    labels = {
      "k8s-app" = "kube-dns"
    }
  }
}

resource "helm_release" "karpenter" { # want FL402:error `Deployment kube-system/karpenter \(helm_release.karpenter's controller, modelled from chart karpenter 1.0.1's defaults and the release's values\) stays Pending: the Karpenter controller has nowhere to run: .*NodePool general: its nodes are launched by the Karpenter controller itself`
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.0.1"

  values = [<<-EOT
    settings:
      clusterName: atlas
    affinity: null
  EOT
  ]
}
