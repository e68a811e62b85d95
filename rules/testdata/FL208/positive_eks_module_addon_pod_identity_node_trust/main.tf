# A node role reused for the add-on's Pod Identity association: it
# trusts EC2, not EKS Pod Identity.
resource "aws_iam_role" "nodes" {
  name = "payments-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

module "eks" {
  source             = "terraform-aws-modules/eks/aws"
  version            = "~> 21.0"
  name               = "payments"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0123456789abcdef0"
  subnet_ids         = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]

  addons = {
    vpc-cni = {
      pod_identity_association = [{
        role_arn        = aws_iam_role.nodes.arn # want FL208 "pod identity association kube-system/aws-node .* does not trust pods.eks.amazonaws.com"
        service_account = "aws-node"
      }]
    }
  }
}
