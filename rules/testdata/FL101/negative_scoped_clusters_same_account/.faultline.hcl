# One AWS account, two clusters. The payments cluster's managed node group
# and the search cluster's Karpenter nodes both run as the role
# "platform-nodes" of that account; a node group of one cluster holds
# access in that cluster only, so removing it leaves the other cluster's
# nodes alone.
scope "clusters/payments" {
  account = "333344445555"
  cluster = "payments"
}

scope "clusters/search" {
  account = "333344445555"
  cluster = "search"
}
