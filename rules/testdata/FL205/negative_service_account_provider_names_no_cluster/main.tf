# Two regions, one root: the second kubernetes provider reads whichever
# context the operator's kubeconfig selects, which may well be Sydney's.
provider "aws" {
  alias  = "sydney"
  region = "ap-southeast-2"
}

provider "aws" {
  alias  = "singapore"
  region = "ap-southeast-1"
}

resource "aws_eks_cluster" "sydney" {
  provider = aws.sydney
  name     = "media-syd"
  role_arn = "arn:aws:iam::258147036925:role/media-control-plane"
  vpc_config {
    subnet_ids = ["subnet-05a6b7c8d9e0f1a21", "subnet-05a6b7c8d9e0f1a22"]
  }
}

resource "aws_eks_cluster" "singapore" {
  provider = aws.singapore
  name     = "media-sin"
  role_arn = "arn:aws:iam::258147036925:role/media-control-plane"
  vpc_config {
    subnet_ids = ["subnet-06a6b7c8d9e0f1a21", "subnet-06a6b7c8d9e0f1a22"]
  }
}

resource "aws_iam_openid_connect_provider" "sydney" {
  provider        = aws.sydney
  url             = aws_eks_cluster.sydney.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_openid_connect_provider" "singapore" {
  provider        = aws.singapore
  url             = aws_eks_cluster.singapore.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "resizer_sydney" {
  name = "media-resizer-syd"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.sydney.arn }
      Condition = {
        StringEquals = {
          "${replace(aws_iam_openid_connect_provider.sydney.url, "https://", "")}:sub" = "system:serviceaccount:media:resizer"
          "${replace(aws_iam_openid_connect_provider.sydney.url, "https://", "")}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

provider "kubernetes" {
  alias                  = "sydney"
  host                   = aws_eks_cluster.sydney.endpoint
  cluster_ca_certificate = base64decode(aws_eks_cluster.sydney.certificate_authority[0].data)
}

variable "kube_context" {
  type = string
}

provider "kubernetes" {
  alias          = "singapore"
  config_path    = "~/.kube/config"
  config_context = var.kube_context
}

resource "kubernetes_service_account_v1" "resizer_sydney" {
  provider = kubernetes.sydney
  metadata {
    name        = "resizer"
    namespace   = "media"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.resizer_sydney.arn }
  }
}

resource "kubernetes_service_account_v1" "resizer_singapore" {
  provider = kubernetes.singapore
  metadata {
    name        = "resizer"
    namespace   = "media"
    annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.resizer_sydney.arn }
  }
}
