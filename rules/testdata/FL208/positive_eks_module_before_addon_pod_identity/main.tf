# v20.24 of the eks module drops an add-on's pod_identity_association
# (the argument is read from v20.29.0 on): EKS hands the CSI driver's
# controller the role-arn alone, and the role trusts only Pod Identity.
resource "aws_iam_role" "ebs_csi" {
  name = "archive-ebs-csi"
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
  version         = "20.24.0"
  cluster_name    = "archive"
  cluster_version = "1.30"
  vpc_id          = "vpc-0c2d3e4f5a6b7c8d9"
  subnet_ids      = ["subnet-0c1c2c3c4c5c6c7c8", "subnet-0d1d2d3d4d5d6d7d8"]

  cluster_addons = {
    aws-ebs-csi-driver = {
      service_account_role_arn = aws_iam_role.ebs_csi.arn # want FL208:error `service account kube-system/ebs-csi-controller-sa \(module.eks.aws_eks_addon.this\["aws-ebs-csi-driver"\], add-on aws-ebs-csi-driver\) is bound to IAM role "archive-ebs-csi"`
      pod_identity_association = [{
        role_arn        = aws_iam_role.ebs_csi.arn
        service_account = "ebs-csi-controller-sa"
      }]
    }
  }
}
