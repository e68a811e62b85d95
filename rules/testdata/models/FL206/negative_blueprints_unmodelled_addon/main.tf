# Argo CD comes from EKS Blueprints too; the stand-in does not know which
# service accounts its chart creates, so the association is not judged.
module "eks_blueprints_addons" {
  source  = "aws-ia/eks-blueprints-addons/aws"
  version = "~> 1.20"

  cluster_name      = "harbor"
  cluster_endpoint  = "https://0A1B2C3D4E5F60718293A4B5C6D7E8F9.gr7.eu-west-1.eks.amazonaws.com"
  cluster_version   = "1.30"
  oidc_provider_arn = "arn:aws:iam::456789012345:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"

  enable_argocd = true
}

resource "aws_iam_role" "argocd" {
  name = "harbor-argocd-server"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "argocd" {
  cluster_name    = "harbor"
  namespace       = "argocd"
  service_account = "argocd-server"
  role_arn        = aws_iam_role.argocd.arn
}
