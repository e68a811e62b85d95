terraform {
  backend "s3" {
    bucket = "kestrel-terraform"
    key    = "platform/ingress.tfstate"
    region = "eu-north-1"
  }
}

data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = "kestrel-terraform"
    key    = "platform/cluster.tfstate"
    region = "eu-north-1"
  }
}

resource "aws_iam_role" "load_balancer_controller" {
  name = "kestrel-load-balancer-controller"
  assume_role_policy = jsonencode({ # want FL204 `has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.terraform_remote_state.cluster.outputs.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${data.terraform_remote_state.cluster.outputs.oidc_issuer_host}:sub" = "system:serviceaccount:kube-system:aws-load-balancer-controller"
        }
      }
    }]
  })
}
