# The cluster stack cuts the issuer out of the provider's ARN and
# publishes it as "..._extract_from_arn": an issuer, not an ARN.
data "terraform_remote_state" "eks" {
  backend = "local"
  config = {
    path = "../cluster/terraform.tfstate"
  }
}

resource "aws_iam_role" "ebs_csi" {
  name = "payments-ebs-csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = data.terraform_remote_state.eks.outputs.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${data.terraform_remote_state.eks.outputs.oidc_provider_extract_from_arn}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${data.terraform_remote_state.eks.outputs.oidc_provider_extract_from_arn}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
