terraform {
  backend "s3" {
    bucket = "ledger-state"
    key    = "eks/terraform.tfstate"
    region = "eu-west-2"
  }
}

# The constraint lets init install 19.x, whose aws-auth uses the
# kubernetes provider, or 20.x, which uses it nowhere: whether Terraform
# resolves this provider's references is not known here.
provider "kubernetes" {
  host                   = module.eks.cluster_endpoint
  cluster_ca_certificate = base64decode(module.eks.cluster_certificate_authority_data)
  token                  = data.aws_eks_cluster_auth.ledger.token
}

data "aws_eks_cluster_auth" "cluster" {
  name = module.eks.cluster_name
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = ">= 19.21, < 21.0"

  cluster_name    = "ledger"
  cluster_version = "1.28"
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

}
