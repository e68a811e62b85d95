cluster_name   = "orders"
node_role_name = "orders-nodes"
