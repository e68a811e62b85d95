data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "acme-tfstate"
    key    = "${local.region}/${local.env}/stacks/network/terraform.tfstate"
    region = local.region
  }
}

locals {
  queue_name = "ingest-${local.env}"
}

module "queue" {
  source = "../../modules/queue"

  name = local.queue_name
}
