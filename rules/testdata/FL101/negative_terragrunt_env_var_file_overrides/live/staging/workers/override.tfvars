# These workers get a role of their own; Karpenter keeps the shared one.
node_role_name = "staging-workers-batch"
