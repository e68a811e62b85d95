# The key is built from an output whose name says it is the provider's
# ARN (FL207, inferred from that name only). If the name misleads and it
# is the issuer, the pattern lets every ebs-csi-* account in: still said.
data "terraform_remote_state" "eks" {
  backend = "local"
  config = {
    path = "../cluster/terraform.tfstate"
  }
}

resource "aws_iam_role" "ebs_csi" {
  name = "ledger-ebs-csi"
  assume_role_policy = jsonencode({ # want FL203:warning `lets any service account of namespace kube-system matching ebs-csi-\* assume it` FL207:warning `condition key "\$\{data.terraform_remote_state.eks.outputs.oidc_provider_arn\}:sub" is built from` FL207:warning `condition key "\$\{data.terraform_remote_state.eks.outputs.oidc_provider_arn\}:aud" is built from`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.terraform_remote_state.eks.outputs.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${data.terraform_remote_state.eks.outputs.oidc_provider_arn}:aud" = "sts.amazonaws.com"
        }
        StringLike = {
          "${data.terraform_remote_state.eks.outputs.oidc_provider_arn}:sub" = "system:serviceaccount:kube-system:ebs-csi-*"
        }
      }
    }]
  })
}
