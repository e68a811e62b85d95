# Two AWS accounts, each with its own cluster called "platform". A role
# name is unique only within an account: "platform-nodes" of the
# shared-services account and "platform-nodes" of the workloads account
# are two roles, so the node group and the Karpenter nodes share nothing.
scope "accounts/shared-services" {
  account = "333344445555"
  cluster = "platform"
}

scope "accounts/workloads" {
  account = "666677778888"
  cluster = "platform"
}
