resource "helm_release" "karpenter_nodes" {
  name      = "default"
  namespace = "karpenter"
  chart     = "../charts/karpenter-nodes"

  set {
    name  = "nodeRole"
    value = aws_iam_role.nodes.name # want FL101 `IAM role "prod-eks-nodes" \(aws_iam_role.nodes\) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`
  }
}
