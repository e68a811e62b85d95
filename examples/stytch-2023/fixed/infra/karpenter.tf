# Karpenter controller: IAM role for the controller (Pod Identity), the
# interruption queue and its EventBridge rules. Its nodes run as the
# dedicated role from iam.tf.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.0"

  cluster_name = module.eks.cluster_name

  create_node_iam_role = false
  node_iam_role_arn    = aws_iam_role.karpenter_node.arn

  # aws_eks_access_entry.karpenter_node in iam.tf.
  create_access_entry = false

  enable_pod_identity             = true
  create_pod_identity_association = true
  namespace                       = "kube-system"
  service_account                 = "karpenter"
}
