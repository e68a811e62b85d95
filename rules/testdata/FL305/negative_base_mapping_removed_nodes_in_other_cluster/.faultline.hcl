# infra/ is the prod cluster; karpenter/ holds the analytics cluster's
# node classes (applied by its own pipeline).
scope "head/infra" {
  account = "111122223333"
  cluster = "prod"
}

scope "head/karpenter" {
  account = "111122223333"
  cluster = "analytics"
}
