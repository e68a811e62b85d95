# Pinned at 20.24.0, the eks module does not read an add-on's
# pod_identity_association (the argument is read from v20.29.0 on): EKS
# hands the CNI plugin's aws-node account only the role-arn, and that
# role is written for Pod Identity alone.
data "aws_iam_policy_document" "cni_pods" {
  statement {
    actions = ["sts:AssumeRole", "sts:TagSession"]
    principals {
      type        = "Service"
      identifiers = ["pods.eks.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "cni" {
  name               = "archive-vpc-cni"
  assume_role_policy = data.aws_iam_policy_document.cni_pods.json
}

module "eks" {
  source                         = "terraform-aws-modules/eks/aws"
  version                        = "20.24.0"
  cluster_name                   = "archive"
  cluster_version                = "1.30"
  vpc_id                         = "vpc-0c2d3e4f5a6b7c8d9"
  subnet_ids                     = ["subnet-0c1c2c3c4c5c6c7c8", "subnet-0d1d2d3d4d5d6d7d8"]
  enable_irsa                    = true
  cluster_endpoint_public_access = false

  cluster_addons = {
    vpc-cni = {
      most_recent              = true
      service_account_role_arn = aws_iam_role.cni.arn # want FL208:error `service account kube-system/aws-node \(module.eks.aws_eks_addon.this\["vpc-cni"\], add-on vpc-cni\) is bound to IAM role "archive-vpc-cni"`
      pod_identity_association = [
        { role_arn = aws_iam_role.cni.arn, service_account = "aws-node" },
      ]
    }
  }
}
