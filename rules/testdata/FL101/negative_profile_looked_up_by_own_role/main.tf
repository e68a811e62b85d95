# The node class is handed the instance profile of a role of its own,
# looked up by that role's name: the node group's role is not shared.
resource "aws_iam_role" "workers" {
  name = "atlas-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = "atlas"
  node_group_name = "workers"
  node_role_arn   = aws_iam_role.workers.arn
  subnet_ids      = ["subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 3
    max_size     = 6
    min_size     = 3
  }
}

data "aws_iam_instance_profiles" "workers" {
  role_name = aws_iam_role.karpenter_nodes.name
}

locals {
  worker_profile = tolist(data.aws_iam_instance_profiles.workers.names)[0]
}

resource "kubectl_manifest" "nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: general
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      instanceProfile: ${local.worker_profile}
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: atlas
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: atlas
  YAML
}

# Karpenter's nodes have a role of their own; its profile is looked up.
resource "aws_iam_role" "karpenter_nodes" {
  name = "atlas-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}
