terraform {
  source = "../modules/vpc"
}

generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite"
  contents  = "provider \"aws\" {}\n"
}

generate "provider" {
  path      = "provider-second.tf"
  if_exists = "overwrite"
  contents  = "provider \"google\" {}\n"
}
