remote_state {
  backend = "s3"
  config = {
    bucket = "plover-terraform-state"
    key    = "live/ingress/terraform.tfstate"
    region = "eu-west-3"
  }
}

# Runs in place: Terragrunt writes data.tf into this directory, over the
# copy an earlier run left (it carries Terragrunt's signature).
generate "cluster_state" {
  path      = "data.tf"
  if_exists = "overwrite_terragrunt"
  contents  = <<EOT
data "terraform_remote_state" "cluster" {
  backend = "s3"
  config = {
    bucket = "plover-terraform-state"
    key    = "live/cluster/terraform.tfstate"
    region = "eu-west-3"
  }
}
EOT
}
