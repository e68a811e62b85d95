scope "prod" {
  account = "111122223333"
  cluster = "ledger"
}

scope "staging" {
  account = "444455556666"
  cluster = "ledger-staging"
}
