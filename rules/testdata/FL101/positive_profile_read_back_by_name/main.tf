resource "aws_iam_role" "nodes" {
  name = "kestrel-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = "kestrel"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a9b8c7d6e5f40312"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

resource "aws_iam_instance_profile" "nodes" {
  name = "kestrel-nodes"
  role = aws_iam_role.nodes.name
}

# The node class reads the profile back by name: it is the profile above,
# which holds the node group's role.
data "aws_iam_instance_profile" "nodes" {
  name = "kestrel-nodes"
}

resource "kubectl_manifest" "nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: burst
    spec:
      amiSelectorTerms:
        - alias: bottlerocket@latest
      instanceProfile: ${data.aws_iam_instance_profile.nodes.name}
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: kestrel
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: kestrel
  YAML
}
