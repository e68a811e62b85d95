# The node class launches with an instance profile built on the system
# node group's role.
resource "aws_iam_role" "system" {
  name = "harbor-system-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "harbor" {
  name     = "harbor"
  role_arn = "arn:aws:iam::426183759201:role/harbor-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0e5f6a7b8c9d0e101", "subnet-0e5f6a7b8c9d0e102"]
  }
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.harbor.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.system.arn
  subnet_ids      = ["subnet-0e5f6a7b8c9d0e101", "subnet-0e5f6a7b8c9d0e102"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}

resource "aws_iam_instance_profile" "karpenter" {
  name = "harbor-karpenter-nodes"
  role = aws_iam_role.system.name
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      instanceProfile: harbor-karpenter-nodes # want FL101 `IAM role "harbor-system-nodes" \(aws_iam_role.system\) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.system`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: harbor
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: harbor
  YAML
}
