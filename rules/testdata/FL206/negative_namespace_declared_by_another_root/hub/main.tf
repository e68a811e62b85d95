# The hub cluster's Argo CD comes from a registry module this tree does not
# read: nothing here declares its namespace or accounts, so the association
# below cannot be judged (unresolved coverage), whatever the tools root
# next door puts in a namespace of the same name on its own cluster.
provider "aws" {
  region = "eu-west-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "hub"
  cluster_version = "1.30"
}

module "gitops" {
  source  = "gitops-bridge-dev/gitops-bridge/helm"
  version = "0.1.0"

  cluster = {
    cluster_name = module.eks.cluster_name
  }
}

resource "aws_iam_role" "good_argocd_controller" {
  name = "hub-argocd-controller"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "good_argocd_controller" {
  cluster_name    = module.eks.cluster_name
  namespace       = "argocd"
  service_account = "argocd-application-controller"
  role_arn        = aws_iam_role.good_argocd_controller.arn
}
