terraform {
  backend "s3" {
    bucket = "quill-terraform-state"
    key    = "identity-copy/terraform.tfstate"
    region = "us-east-2"
  }
}

data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = "quill-terraform-state"
    key    = "cluster/terraform.tfstate"
    region = "us-east-2"
  }
}

# The cluster's issuer registered again in the data account, so that its
# pods can assume roles there. It also accepts tokens for Vault.
resource "aws_iam_openid_connect_provider" "copy" {
  url             = data.terraform_remote_state.cluster.outputs.oidc_issuer
  client_id_list  = ["sts.amazonaws.com", "vault"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}
