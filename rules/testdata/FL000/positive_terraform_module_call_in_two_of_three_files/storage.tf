module "exports" {
  source = "./modules/bucket"
  name   = "orders-exports"
}
