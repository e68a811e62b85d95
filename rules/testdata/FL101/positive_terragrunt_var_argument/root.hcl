# The node role's name is passed on the command line of every plan.
terraform {
  extra_arguments "role" {
    commands  = ["plan", "apply"]
    arguments = ["-var", "role_name=qa-nodes"]
  }
}
