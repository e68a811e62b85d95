scope "shop" {
  account = "111122223333"
  cluster = "shop"
}

scope "search" {
  account = "111122223333"
  cluster = "search"
}
