terraform {
  backend "s3" {
    bucket = "acme-terraform-state"
    key    = "prod/cluster.tfstate"
    region = "eu-west-1"
  }
}

resource "aws_eks_cluster" "prod" {
  name     = "prod"
  role_arn = "arn:aws:iam::444455556666:role/eks-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d", "subnet-4e5f6a7b"]
  }
}

module "addons" {
  source = "git::https://git.example.com/acme/platform.git//platform/addons?ref=v3.2.0"

  # oidc_issuer_url is left out: the module's empty default applies.
  cluster_name = aws_eks_cluster.prod.name
}
