# The platform root registers the cluster's issuer in the workload
# account too; that registration also accepts the tokens the in-house
# vault plugin asks for.
provider "aws" {
  region = "eu-central-1"
}

provider "aws" {
  alias  = "workloads"
  region = "eu-central-1"
  assume_role {
    role_arn = "arn:aws:iam::555566667777:role/platform-deployer"
  }
}

data "aws_caller_identity" "current" {}

resource "aws_eks_cluster" "platform" {
  name     = "platform"
  role_arn = "arn:aws:iam::111122223333:role/platform-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_iam_openid_connect_provider" "platform" {
  url             = aws_eks_cluster.platform.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_openid_connect_provider" "platform_in_workloads" {
  provider        = aws.workloads
  url             = aws_eks_cluster.platform.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com", "vault.internal"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer_host = replace(aws_eks_cluster.platform.identity[0].oidc[0].issuer, "https://", "")
}

resource "aws_iam_role" "metrics_exporter" {
  name = "metrics-exporter"
  assume_role_policy = jsonencode({ # want FL204:warning `trust of role "metrics-exporter" \(aws_iam_role\.metrics_exporter\) has a web-identity statement without an :aud = sts\.amazonaws\.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}" }
      Condition = {
        StringEquals = {
          "${local.issuer_host}:sub" = "system:serviceaccount:monitoring:metrics-exporter"
        }
      }
    }]
  })
}
