resource "aws_security_group" "nodes" {
  name   = "heron-nodes"
  vpc_id = "vpc-0d9c8b7a6f5e43210"
}

resource "aws_launch_template" "workers" {
  name                   = "heron-workers"
  image_id               = "ami-0d9c8b7a6f5e43210"
  vpc_security_group_ids = [aws_security_group.nodes.id]
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = "heron"
  node_group_name = "workers"
  node_role_arn   = "arn:aws:iam::357913579135:role/heron-workers"
  subnet_ids      = ["subnet-0d9c8b7a6f5e43210"]

  launch_template {
    id      = aws_launch_template.workers.id
    version = "$Latest"
  }

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

# Karpenter v0.x launches from the node group's own template: its nodes
# get the node group's security group, whatever the selector says.
resource "kubectl_manifest" "provisioner" {
  yaml_body = <<-YAML
    apiVersion: karpenter.sh/v1alpha5
    kind: Provisioner
    metadata:
      name: default
    spec:
      provider:
        launchTemplate: ${aws_launch_template.workers.name}
        subnetSelector:
          karpenter.sh/discovery: heron
        securityGroupSelector:
          karpenter.sh/discovery: heron
  YAML
}
