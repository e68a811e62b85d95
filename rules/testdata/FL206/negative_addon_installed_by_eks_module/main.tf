# The EBS CSI driver is installed as a managed add-on by the eks module;
# its controller runs as kube-system/ebs-csi-controller-sa, so the Pod
# Identity association below is right even though no YAML declares that
# account.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.31"

  cluster_name    = "shop"
  cluster_version = "1.31"

  cluster_addons = {
    eks-pod-identity-agent = {}
    aws-ebs-csi-driver     = {}
  }
}

resource "aws_iam_role" "ebs_csi" {
  name = "shop-ebs-csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "ebs_csi" {
  cluster_name    = module.eks.cluster_name
  namespace       = "kube-system"
  service_account = "ebs-csi-controller-sa"
  role_arn        = aws_iam_role.ebs_csi.arn
}
