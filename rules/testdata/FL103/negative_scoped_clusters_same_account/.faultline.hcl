# One AWS account and region, two clusters. The orders cluster's node
# group and the catalog cluster's Karpenter nodes both use the group
# tagged for the shared VPC; what one cluster does to its nodes does not
# reach the other's.
scope "clusters/orders" {
  account = "565656565656"
  region  = "eu-west-3"
  cluster = "orders"
}

scope "clusters/catalog" {
  account = "565656565656"
  region  = "eu-west-3"
  cluster = "catalog"
}
