scope "payments" {
  account = "111122223333"
  cluster = "payments"
}

scope "search" {
  account = "111122223333"
  cluster = "search"
}
