terraform {
  backend "s3" {
    bucket = "harbor-tfstate"
    key    = "platform-vault/terraform.tfstate"
    region = "eu-west-3"
  }
}

variable "cluster_name" {
  type = string
}

resource "aws_eks_cluster" "main" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::393939393939:role/harbor-cluster"
  vpc_config {
    subnet_ids = ["subnet-0b3b3b3b3b3b3b3b1", "subnet-0b3b3b3b3b3b3b3b2"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url             = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com", "vault.harbor.example.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}
