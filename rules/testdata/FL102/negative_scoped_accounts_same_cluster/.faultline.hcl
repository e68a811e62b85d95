# Two AWS accounts, each running a cluster called "batch". An instance
# profile name is unique only within its account: "batch-workers" of the
# finance account and "batch-workers" of the analytics account are two
# profiles, so the workers and the Karpenter nodes share nothing.
scope "accounts/finance" {
  account = "121212121212"
  cluster = "batch"
}

scope "accounts/analytics" {
  account = "343434343434"
  cluster = "batch"
}
