module "ingress" {
  source = "./modules/ingress"

  chart_version = "4.11.3"
}
