# Karpenter controller: IAM role for the controller (Pod Identity), the
# interruption queue and its EventBridge rules. The nodes it launches use
# the shared node role from iam.tf.
module "karpenter" {
  source  = "terraform-aws-modules/eks/aws//modules/karpenter"
  version = "~> 20.0"

  cluster_name = module.eks.cluster_name

  create_node_iam_role = false
  node_iam_role_arn    = aws_iam_role.nodes.arn

  # The node role already has node access through the managed node groups.
  create_access_entry = false

  enable_pod_identity             = true
  create_pod_identity_association = true
  namespace                       = "kube-system"
  service_account                 = "karpenter"
}
