module "batch" {
  source               = "../modules/node-group"
  name                 = "batch"
  launch_template_name = "batch-lt"
}
