# Node groups come from a list the caller writes: their keys (the names)
# are known when Terraform plans, only the subnets come from a lookup.
# Karpenter's node class reuses the role of the "general" group.
data "aws_subnets" "workers" {
  filter {
    name   = "tag:tier"
    values = ["private"]
  }
}

resource "aws_iam_role" "workers" {
  name = "ledger-workers"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

module "node_groups" {
  source  = "./modules/node-groups"
  cluster = "ledger"
  groups = [
    {
      name       = "general"
      role_arn   = aws_iam_role.workers.arn
      subnet_ids = data.aws_subnets.workers.ids
      size       = 3
    },
  ]
}

resource "kubectl_manifest" "node_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: general
    spec:
      role: ${aws_iam_role.workers.name} # want FL101 `IAM role "ledger-workers" \(aws_iam_role.workers\) is used by Karpenter EC2NodeClass general and also by managed node group module.node_groups.aws_eks_node_group.this\["general"\]`
      amiSelectorTerms:
        - alias: bottlerocket@latest
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: ledger
  YAML
}
