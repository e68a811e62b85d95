module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "21.0.0"

  name               = "shop"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0a1b2c3d4e5f60718"
  subnet_ids         = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  # "We use Pod Identity now." The module stops creating the cluster's
  # IAM OIDC provider.
  enable_irsa = false
}

# external-dns writes the shop zone's records; it runs as a service
# account that IRSA maps to this role.
resource "aws_iam_role" "external_dns" {
  name = "shop-external-dns"
  assume_role_policy = jsonencode({ # want FL304:error `OIDC provider module.eks.aws_iam_openid_connect_provider.oidc_provider\[0\] is deleted since the base revision while IAM role aws_iam_role.external_dns still trusts it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:kube-system:external-dns"
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
