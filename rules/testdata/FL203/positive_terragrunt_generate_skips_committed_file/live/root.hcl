# Every unit gets a stub main.tf to start from; a unit that has written
# its own keeps it (if_exists = "skip").
generate "stub" {
  path      = "main.tf"
  if_exists = "skip"
  contents  = <<-EOT
    # Written by Terragrunt for a unit that has no main.tf yet.
  EOT
}
