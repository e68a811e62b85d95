terraform {
  source = "../../../modules/cache"
}

generate "variables" {
  path      = "variables.tf"
  if_exists = "overwrite"
  contents  = <<-EOT
    variable "stage" {
      type = string
    }
    variable "subnet_ids" {
      type = list(string)
    }
  EOT
}

inputs = {
  stage      = "prod"
  subnet_ids = ["subnet-0a1b2c3d4e5f60718"]
}
