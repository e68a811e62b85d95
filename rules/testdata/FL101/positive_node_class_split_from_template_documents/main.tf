# Karpenter's node class and pool live in one template, applied one
# document per instance; the template is handed the managed group's role
# (and the account, known only once applied, for a tag).
resource "aws_iam_role" "workers" {
  name = "atlas-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = "arn:aws:iam::864201357924:role/atlas-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0f9e8d7c6b5a40321", "subnet-0f9e8d7c6b5a40322"]
  }
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = aws_eks_cluster.atlas.name
  node_group_name = "workers"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0f9e8d7c6b5a40321", "subnet-0f9e8d7c6b5a40322"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 4
  }
}

data "aws_caller_identity" "current" {}

locals {
  karpenter_documents = [
    for doc in split("---", templatefile("${path.module}/karpenter.yaml.tftpl", {
      cluster   = aws_eks_cluster.atlas.name
      node_role = aws_iam_role.workers.name
      account   = data.aws_caller_identity.current.account_id
    })) : trimspace(doc) if trimspace(doc) != ""
  ]
}

resource "kubectl_manifest" "karpenter" {
  for_each  = { for i, doc in local.karpenter_documents : i => doc }
  yaml_body = each.value # want FL101 `IAM role "atlas-workers" \(aws_iam_role.workers\) is used by Karpenter EC2NodeClass atlas-default and also by managed node group aws_eks_node_group.workers`
}
