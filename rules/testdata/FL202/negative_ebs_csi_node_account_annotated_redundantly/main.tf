# The platform team puts the EBS CSI role on both of the chart's accounts.
# The trust names only the controller's account; the node DaemonSet makes
# no AWS calls, so the annotation on its account is merely redundant.
resource "aws_eks_cluster" "main" {
  name     = "atlas"
  role_arn = "arn:aws:iam::210987654321:role/atlas-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1e2d3c4b5a69788", "subnet-0a9b8c7d6e5f40312"]
  }
}

resource "aws_iam_openid_connect_provider" "eks" {
  url            = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = replace(aws_iam_openid_connect_provider.eks.url, "https://", "")
}

resource "aws_iam_role" "ebs_csi" {
  name = "atlas-ebs-csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "ebs_csi" {
  name       = "aws-ebs-csi-driver"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/aws-ebs-csi-driver"
  chart      = "aws-ebs-csi-driver"
  version    = "2.35.1"

  set {
    name  = "controller.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.ebs_csi.arn
  }
  set {
    name  = "node.serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.ebs_csi.arn
  }
}
