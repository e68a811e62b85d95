# One pool written as an object where the variable takes a list of them:
# terraform plan refuses the file's value.
node_pools = { # want FL000 `Invalid value for input variable: The given value is not suitable for var.node_pools declared at variables.tf:1,1-22: list of object required.`
  name          = "general"
  instance_type = "m7i.large"
}

replicas = "3"
