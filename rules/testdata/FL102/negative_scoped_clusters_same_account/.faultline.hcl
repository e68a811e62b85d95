# One AWS account, two clusters. The ledger cluster's self-managed workers
# and the reports cluster's Karpenter nodes launch with the same instance
# profile of that account; the profile's role is admitted to each cluster
# separately, so neither cluster's nodes depend on the other's group.
scope "clusters/ledger" {
  account = "121212121212"
  cluster = "ledger"
}

scope "clusters/reports" {
  account = "121212121212"
  cluster = "reports"
}
