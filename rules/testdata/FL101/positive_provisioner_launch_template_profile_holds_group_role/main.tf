# Legacy Karpenter provisioners launch from a launch template whose
# instance profile was built on the system node group's role.
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

resource "aws_launch_template" "karpenter" {
  name = "harbor-karpenter"
  iam_instance_profile {
    name = aws_iam_instance_profile.karpenter.name
  }
}

resource "kubectl_manifest" "provisioner" {
  yaml_body = <<-YAML
    apiVersion: karpenter.sh/v1alpha5
    kind: Provisioner
    metadata:
      name: default
    spec:
      provider:
        launchTemplate: harbor-karpenter # want FL101 `IAM role "harbor-system-nodes" \(aws_iam_role.system\) is used by Karpenter Provisioner default and also by managed node group aws_eks_node_group.system`
        subnetSelector:
          karpenter.sh/discovery: harbor
  YAML
}
