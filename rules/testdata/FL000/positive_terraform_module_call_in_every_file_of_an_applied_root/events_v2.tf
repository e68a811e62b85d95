# A second version of the call, kept beside the first while migrating:
# this directory is a root Terraform applies, which reads every file.
module "events" {
  source = "./modules/queue"
  name   = "orders-events-v2"
}
