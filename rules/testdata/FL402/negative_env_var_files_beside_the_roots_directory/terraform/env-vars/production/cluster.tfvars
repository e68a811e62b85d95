x86_nodes      = false
graviton_nodes = true
