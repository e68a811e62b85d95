terraform {
  backend "s3" {
    bucket = "quill-terraform-state"
    key    = "cluster/terraform.tfstate"
    region = "us-east-2"
  }
}

resource "aws_eks_cluster" "quill" {
  name     = "quill"
  role_arn = "arn:aws:iam::246813579024:role/quill-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0e1d2c3b4a5968778", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_iam_openid_connect_provider" "quill" {
  url             = aws_eks_cluster.quill.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

output "oidc_issuer" {
  value = aws_eks_cluster.quill.identity[0].oidc[0].issuer
}

provider "aws" {
  region              = "us-east-2"
  allowed_account_ids = ["246813579024"]
}
