provider "aws" {
  region = "us-east-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "prod"
  cluster_version = "1.30"
}

# Moved from IRSA to Pod Identity; the trust was left as it was.
data "aws_iam_policy_document" "ebs_csi" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = [module.eks.oidc_provider_arn]
    }

    condition {
      test     = "StringEquals"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:kube-system:ebs-csi-controller-sa"]
    }
  }
}

resource "aws_iam_role" "ebs_csi" {
  name               = "prod-ebs-csi"
  assume_role_policy = data.aws_iam_policy_document.ebs_csi.json
}

resource "aws_eks_pod_identity_association" "ebs_csi" {
  cluster_name    = module.eks.cluster_name
  namespace       = "kube-system"
  service_account = "ebs-csi-controller-sa"
  role_arn        = aws_iam_role.ebs_csi.arn # want FL208:error `binds IAM role "prod-ebs-csi" \(aws_iam_role.ebs_csi\) to kube-system/ebs-csi-controller-sa, but the role.s trust does not trust pods.eks.amazonaws.com with sts:AssumeRole \(it trusts \$\{module.eks.aws_iam_openid_connect_provider.oidc_provider\[0\].arn\} \(sts:AssumeRoleWithWebIdentity\)\)`
}

resource "kubernetes_service_account_v1" "ebs_csi" {
  metadata {
    name      = "ebs-csi-controller-sa"
    namespace = "kube-system"
  }
}
