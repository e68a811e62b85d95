variable "environment" {
  type = string
}

variable "discovery_tag" {
  type    = map(string)
  default = { staging = "wren-stg", production = "wren-prd" }
}

resource "aws_iam_role" "nodes" {
  name = "wren-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_node_group" "core" {
  cluster_name    = "wren"
  node_group_name = "core"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0b1c2d3e4f5a6b7c8"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

# The environment is given at plan time: the tag it picks is not known
# here, but the rest of the node class is, its role included.
resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: general
    spec:
      role: ${aws_iam_role.nodes.name}
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${var.discovery_tag[var.environment]}
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ${var.discovery_tag[var.environment]}
  YAML
}
