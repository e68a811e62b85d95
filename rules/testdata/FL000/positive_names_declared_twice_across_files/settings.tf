variable "cluster_name" { # want FL000 `Duplicate variable declaration: A variable named "cluster_name" was already declared at settings-old.tf:4`
  type    = string
  default = "ledger-prod"
}

locals {
  owner  = "payments" # want FL000 `Duplicate local value definition: A local value named "owner" was already defined at settings-old.tf:10`
  region = "eu-west-1"
}

output "cluster_name" { # want FL000 `Duplicate output definition: An output named "cluster_name" was already defined at settings-old.tf:13`
  value = var.cluster_name
}
