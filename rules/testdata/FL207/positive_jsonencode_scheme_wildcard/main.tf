provider "aws" {
  region = "us-east-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "prod"
  cluster_version = "1.30"
}

# Written from the cluster's issuer URL as `aws eks describe-cluster` shows it,
# with a wildcard meant to cover the controller's accounts.
resource "aws_iam_role" "cert_manager" {
  name = "prod-cert-manager"

  assume_role_policy = jsonencode({ # want FL207 `condition key "https://\$\{module.eks.aws_eks_cluster.this\[0\].identity\[0\].oidc\[0\].issuer\}:sub" starts with the issuer URL's scheme` FL207 `"system:serviceaccount:cert-manager:\*" under StringEquals is compared literally`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "https://${module.eks.cluster_oidc_issuer_url}:sub" = "system:serviceaccount:cert-manager:*"
        }
      }
    }]
  })
}
