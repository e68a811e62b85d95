# Two AWS accounts, each with a cluster called "orders" in eu-west-3. A
# security group belongs to its account: the staging Karpenter nodes'
# selector finds groups of the staging account only, never the live
# account's group with the same tag.
scope "accounts/live" {
  account = "565656565656"
  region  = "eu-west-3"
  cluster = "orders"
}

scope "accounts/staging" {
  account = "787878787878"
  region  = "eu-west-3"
  cluster = "orders"
}
