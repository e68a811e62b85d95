module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.24.3"

  cluster_name    = "quartz"
  cluster_version = "1.30"
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
}

# The condition key is read from the cluster looked up by name: the
# module's own cluster, so the same issuer as the module's provider.
data "aws_eks_cluster" "quartz" {
  name = module.eks.cluster_name
}

resource "aws_iam_role" "exporter" {
  name = "quartz-cost-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${trimprefix(data.aws_eks_cluster.quartz.identity[0].oidc[0].issuer, "https://")}:sub" = "system:serviceaccount:finops:cost-exporter"
          "${trimprefix(data.aws_eks_cluster.quartz.identity[0].oidc[0].issuer, "https://")}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
