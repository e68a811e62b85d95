# The file that would declare region is switched off: nothing does.
generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite_terragrunt"
  disable   = true
  contents  = <<-EOT
    variable "region" {
      type = string
    }

    provider "aws" {
      region = var.region
    }
  EOT
}
