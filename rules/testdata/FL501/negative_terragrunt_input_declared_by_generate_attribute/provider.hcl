generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite_terragrunt"
  contents  = <<-EOT
    variable "region" {
      type = string
    }

    provider "aws" {
      region = var.region
    }
  EOT
}
