# terraspace build layers this file into every stack.
locals {
  env    = "<%= Terraspace.env %>"
  region = "<%= expansion(':REGION') %>"
}

provider "aws" {
  region = local.region
}
