# Constants only: strings (an escaped $${...} is literal text), numbers,
# lists and maps.
cluster_name   = "kite-prod"
node_role_name = "kite-prod-nodes-$${suffix}"
