resource "aws_security_group" "apps" {
  name   = "lark-apps"
  vpc_id = "vpc-0a9b8c7d6e5f43210"
  tags = {
    "karpenter.sh/discovery" = "lark"
  }
}

resource "aws_security_group" "batch" {
  name   = "lark-batch"
  vpc_id = "vpc-0a9b8c7d6e5f43210"
  tags = {
    "karpenter.sh/discovery" = "lark"
  }
}

resource "aws_security_group" "karpenter_nodes" {
  name   = "lark-karpenter-nodes"
  vpc_id = "vpc-0a9b8c7d6e5f43210"
}

resource "aws_launch_template" "karpenter" {
  name                   = "lark-karpenter"
  image_id               = "ami-0a9b8c7d6e5f43210"
  vpc_security_group_ids = [aws_security_group.karpenter_nodes.id]
}

# Karpenter v0.x launches from the named launch template as it is: the
# selector below is never used, so it spreads nodes over no group.
resource "kubectl_manifest" "provisioner" {
  yaml_body = <<-YAML
    apiVersion: karpenter.sh/v1alpha5
    kind: Provisioner
    metadata:
      name: default
    spec:
      provider:
        launchTemplate: ${aws_launch_template.karpenter.name}
        subnetSelector:
          karpenter.sh/discovery: lark
        securityGroupSelector:
          karpenter.sh/discovery: lark
  YAML
}
