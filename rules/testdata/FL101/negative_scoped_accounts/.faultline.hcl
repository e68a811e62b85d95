scope "accounts/production" {
  account = "111111111111"
  cluster = "prod"
}

scope "accounts/sandbox" {
  account = "222222222222"
  cluster = "sandbox"
}
