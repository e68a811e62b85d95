cluster_name   = "staging"
node_role_name = "staging-workers"
