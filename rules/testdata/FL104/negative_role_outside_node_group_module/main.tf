# The node role is created in the root module and handed to the node
# group module: removing the group leaves it in place. (Sharing it with
# Karpenter is FL101's concern, not this rule's.)
resource "aws_iam_role" "nodes" {
  name = "checkout-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

module "system_nodes" {
  source = "./modules/node-group"

  name          = "system"
  node_role_arn = aws_iam_role.nodes.arn
}

# The root module also declares a node group of its own: what the root
# declares is not owned by that group either.
resource "aws_eks_node_group" "batch" {
  cluster_name    = "checkout"
  node_group_name = "batch"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a10", "subnet-0a11"]

  scaling_config {
    min_size     = 0
    max_size     = 3
    desired_size = 0
  }
}

resource "aws_security_group" "karpenter_nodes" {
  name   = "checkout-karpenter-nodes"
  vpc_id = "vpc-0c4e"
  tags = {
    "karpenter.sh/discovery" = "checkout"
  }
}

resource "kubectl_manifest" "default_nodeclass" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      amiSelectorTerms:
        - alias: al2023@latest
      role: ${aws_iam_role.nodes.name} # want FL101 `IAM role "checkout-nodes" \(aws_iam_role.nodes\) is used by Karpenter EC2NodeClass default and also by managed node group aws_eks_node_group.batch and managed node group module.system_nodes`
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: checkout
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: checkout
  YAML
}
