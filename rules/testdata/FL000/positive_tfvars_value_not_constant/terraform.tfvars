# Terraform reads a variables file without functions or references.
cluster_name   = lower("Kite-Prod") # want FL000 `Function calls not allowed: Functions may not be called here\.`
node_role_name = "${var.cluster_name}-nodes" # want FL000 `Variables not allowed: Variables may not be used here\.`
