# Every unit's module gets the shared variables written into it.
generate "shared_variables" {
  path      = "shared_variables.tf"
  if_exists = "overwrite"
  contents  = <<EOT
variable "cluster_name" {
  type = string
}
EOT
}
