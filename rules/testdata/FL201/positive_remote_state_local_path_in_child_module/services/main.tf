module "exporter" {
  source = "./modules/worker"
}
