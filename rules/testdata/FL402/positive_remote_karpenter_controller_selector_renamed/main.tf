# The bootstrap node group's label was renamed from role=system to
# role=infra; Karpenter, installed from the public chart, still selects
# the old label, so its controller has nowhere to run. The chart's
# version is not pinned: its defaults are taken from the newest version
# faultline knows, and the finding is one severity lower.
resource "aws_eks_cluster" "media" {
  name     = "media"
  role_arn = "arn:aws:iam::123456789012:role/media-cluster"

  vpc_config {
    subnet_ids = ["subnet-0c3", "subnet-0c4"]
  }
}

resource "aws_eks_node_group" "bootstrap" {
  cluster_name    = aws_eks_cluster.media.name
  node_group_name = "bootstrap"
  node_role_arn   = "arn:aws:iam::123456789012:role/media-nodes"
  subnet_ids      = ["subnet-0c3", "subnet-0c4"]
  instance_types  = ["t3.large"]

  labels = {
    role = "infra"
  }

  scaling_config {
    min_size     = 2
    max_size     = 2
    desired_size = 2
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"

  values = [<<-EOT
    settings:
      clusterName: media
    nodeSelector:
      role: system # want FL402:warning `Deployment kube-system/karpenter \(helm_release.karpenter's controller, modelled from chart karpenter [0-9.]+'s defaults and the release's values\) stays Pending: the Karpenter controller has nowhere to run: no NodePool or node group of its cluster carries the labels it requires`
  EOT
  ]
}
