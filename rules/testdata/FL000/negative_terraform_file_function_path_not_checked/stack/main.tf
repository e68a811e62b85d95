terraform {
  backend "s3" {
    bucket = "bogota-state"
    key    = "stack/terraform.tfstate"
    region = "us-east-1"
  }
}

# path.module is "." in a root: this reads shared/settings.yaml beside it.
locals {
  settings = yamldecode(file("../${path.module}/shared/settings.yaml"))
}

output "settings" {
  value = local.settings
}
