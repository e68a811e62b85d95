# The cluster stack publishes the provider's ARN only; the key below is
# built from it, so it names no issuer any token carries.
data "terraform_remote_state" "eks" {
  backend = "local"
  config = {
    path = "../cluster/terraform.tfstate"
  }
}

resource "aws_iam_role" "ebs_csi" {
  name = "payments-ebs-csi"
  assume_role_policy = jsonencode({ # want FL207:warning `condition key "\$\{data.terraform_remote_state.eks.outputs.oidc_provider_arn\}:sub" is built from data.terraform_remote_state.eks.outputs.oidc_provider_arn, an OIDC provider ARN, not the issuer` FL207:warning `condition key "\$\{data.terraform_remote_state.eks.outputs.oidc_provider_arn\}:aud" is built from`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.terraform_remote_state.eks.outputs.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${data.terraform_remote_state.eks.outputs.oidc_provider_arn}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${data.terraform_remote_state.eks.outputs.oidc_provider_arn}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
