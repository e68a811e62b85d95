# The Karpenter submodule called without a version constraint, the v19
# way: create_iam_role = false + iam_role_arn hand Karpenter's nodes the
# system node group's role. terraform init would install a release that
# rejects those inputs, so the tree was written for v19, where they mean
# exactly that.
resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "ledger"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0e4d3c2b1a0918273"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

module "karpenter" {
  source = "terraform-aws-modules/eks/aws//modules/karpenter"

  cluster_name           = "ledger"
  irsa_oidc_provider_arn = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0" # want FL501:notice "module\\.karpenter passes input irsa_oidc_provider_arn"
  create_iam_role        = false # want FL501:notice "module\\.karpenter sets create_iam_role = false, which from v20\\.0\\.0"
  iam_role_arn           = aws_iam_role.nodes.arn # want FL101:warning "IAM role \"ledger-nodes\" \\(aws_iam_role\\.nodes\\) is used by the karpenter module module\\.karpenter and also by managed node group aws_eks_node_group\\.system" FL501:notice "module\\.karpenter passes input iam_role_arn"
}
