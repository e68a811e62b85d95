terraform {
  backend "s3" {
    bucket = "marlin-tfstate"
    key    = "ap-southeast-2/platform.tfstate"
    region = "ap-southeast-2"
  }
}

provider "aws" {
  region = "ap-southeast-2"
}

resource "aws_eks_cluster" "marlin" {
  name     = "marlin"
  role_arn = "arn:aws:iam::135791357913:role/marlin-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0a9b8c7d6e5f40312", "subnet-0b8c7d6e5f4031201"]
  }
}

resource "aws_iam_openid_connect_provider" "marlin" {
  url             = aws_eks_cluster.marlin.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

output "oidc_provider_arn" {
  value = aws_iam_openid_connect_provider.marlin.arn
}

output "oidc_issuer" {
  value = trimprefix(aws_eks_cluster.marlin.identity[0].oidc[0].issuer, "https://")
}
