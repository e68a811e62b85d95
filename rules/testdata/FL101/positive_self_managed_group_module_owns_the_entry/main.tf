# The batch group's module instance makes the role's EC2_LINUX access
# entry: removing the group (its key) deletes that entry, and Karpenter's
# nodes, running as the same role, lose their access with it.
resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_iam_instance_profile" "nodes" {
  name = "ledger-nodes"
  role = aws_iam_role.nodes.name
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.24.0"

  cluster_name        = "ledger"
  cluster_version     = "1.30"
  vpc_id              = "vpc-0a1b2c3d4e5f60718"
  subnet_ids          = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  authentication_mode = "API"

  self_managed_node_groups = {
    batch = {
      instance_type = "c7i.2xlarge"
      min_size      = 0
      max_size      = 10
      # The role the tree makes, through its own instance profile; the
      # module makes the role's access entry.
      create_iam_instance_profile = false
      iam_instance_profile_arn    = aws_iam_instance_profile.nodes.arn
      iam_role_arn                = aws_iam_role.nodes.arn
    }
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      role                       = aws_iam_role.nodes.name # want FL101:error `IAM role "ledger-nodes" \(aws_iam_role.nodes\) is used by Karpenter EC2NodeClass default and also by self-managed node group module.eks.module.self_managed_node_group\["batch"\].aws_autoscaling_group.this\[0\]`
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
    }
  })
}
