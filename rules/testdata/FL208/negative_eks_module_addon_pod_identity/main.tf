resource "aws_iam_role" "vpc_cni" {
  name = "payments-vpc-cni"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The add-on gets the role both ways; the module (v21) creates the
# add-on's Pod Identity association, which takes precedence: the
# role-arn annotation the add-on also sets is unused.
module "eks" {
  source             = "terraform-aws-modules/eks/aws"
  version            = "~> 21.0"
  name               = "payments"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0123456789abcdef0"
  subnet_ids         = ["subnet-0123456789abcdef0", "subnet-0fedcba9876543210"]

  addons = {
    vpc-cni = {
      service_account_role_arn = aws_iam_role.vpc_cni.arn
      pod_identity_association = [{
        role_arn        = aws_iam_role.vpc_cni.arn
        service_account = "aws-node"
      }]
    }
  }
}
