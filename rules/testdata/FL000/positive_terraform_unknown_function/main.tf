# Pasted from a terragrunt.hcl: Terraform has no such function, and
# refuses the whole configuration before anything is planned.
locals {
  unit_dir = get_terragrunt_dir() # want FL000 `Call to unknown function: There is no function named "get_terragrunt_dir".`
}

resource "aws_s3_bucket" "logs" {
  bucket = "logs-${basename(local.unit_dir)}"
  tags = {
    Owner = upper("platform")
    Stage = "${lower(var_or_default("stage"))}" # want FL000 `There is no function named "var_or_default"\.`
  }
}

# type() is terraform console's only.
output "unit_dir_type" {
  value = type(local.unit_dir) # want FL000 `There is no function named "type"\.`
}
