data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "fjord-terraform-state"
    key    = "network/terraform.tfstate"
    region = "eu-north-1"
  }
}

resource "aws_iam_role" "nodes" {
  name = "fjord-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

# The VPC comes through the inferred state; nothing of the node group or
# its role does: sharing that role with Karpenter is certain, whatever the
# state holds.
resource "aws_security_group" "endpoints" {
  name   = "fjord-endpoints"
  vpc_id = data.terraform_remote_state.network.outputs.vpc_id
}

resource "aws_eks_node_group" "core" {
  cluster_name    = "fjord"
  node_group_name = "core"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]

  scaling_config {
    desired_size = 2
    max_size     = 4
    min_size     = 2
  }
}

resource "kubectl_manifest" "nodeclass" {
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
            karpenter.sh/discovery: fjord
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: fjord
  YAML
}
