# From v20.29.0 the eks module passes each add-on's
# pod_identity_association to aws_eks_addon, so EKS binds the CSI
# driver's controller account through Pod Identity; the role-arn the
# add-on is also given is then unused and its trust is not judged for
# IRSA. "~> 20.0" installs the newest v20, which creates it.
resource "aws_iam_role" "ebs_csi" {
  name = "billing-ebs-csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "~> 20.0"
  cluster_name    = "billing"
  cluster_version = "1.31"
  vpc_id          = "vpc-0b1c2d3e4f5a6b7c8"
  subnet_ids      = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]

  cluster_addons = {
    aws-ebs-csi-driver = {
      before_compute           = true
      service_account_role_arn = aws_iam_role.ebs_csi.arn
      pod_identity_association = [{
        role_arn        = aws_iam_role.ebs_csi.arn
        service_account = "ebs-csi-controller-sa"
      }]
    }
  }
}
