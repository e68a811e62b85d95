terraform {
  backend "s3" {
    bucket = "kestrel-state"
    key    = "dns/terraform.tfstate"
    region = "eu-west-1"
  }
}

# The cluster lives in another stack; its issuer is passed in, and so is
# the issuer of the cluster the DNS role is for, which may be another.
variable "cluster_issuer_url" {
  type = string
}

variable "dns_cluster_issuer_url" {
  type = string
}

data "aws_caller_identity" "current" {}

resource "aws_iam_openid_connect_provider" "cluster" {
  url             = var.cluster_issuer_url
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The principal is spelled out from the other variable: a provider this
# root does not declare, whose audiences are not known.
resource "aws_iam_role" "dns" {
  name = "kestrel-external-dns"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "kestrel-external-dns" \(aws_iam_role.dns\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${replace(var.dns_cluster_issuer_url, "https://", "")}" }
      Condition = {
        StringEquals = {
          "${replace(var.dns_cluster_issuer_url, "https://", "")}:sub" = "system:serviceaccount:kube-system:external-dns"
        }
      }
    }]
  })
}
