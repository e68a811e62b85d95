module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.31.0"

  cluster_name    = "build"
  cluster_version = "1.31"
  vpc_id          = "vpc-0aa11bb22cc33dd44"
  subnet_ids      = ["subnet-0aa11bb22cc33dd45", "subnet-0aa11bb22cc33dd46"]
}

# Started from the CI role's trust: the principal was switched to the
# cluster's provider, the condition was not.
resource "aws_iam_role" "image_pusher" {
  name = "build-image-pusher"
  assume_role_policy = jsonencode({ # want FL205 `lets in the OIDC provider of module.eks.aws_eks_cluster.this\[0\] but its condition "token.actions.githubusercontent.com:sub" tests issuer token.actions.githubusercontent.com: no token can satisfy both`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringLike = {
          "token.actions.githubusercontent.com:sub" = "repo:acme/images:*"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "pusher" {
  metadata {
    name        = "image-pusher"
    namespace   = "builds"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.image_pusher.arn }
  }
}
