terraform {
  backend "s3" {
    bucket = "kestrel-state"
    key    = "dns/terraform.tfstate"
    region = "eu-west-1"
  }
}

# The cluster's issuer comes from another team's module, read from the
# registry at init; its outputs are not known here.
module "cluster_info" {
  source  = "app.terraform.io/kestrel/cluster-info/aws"
  version = "1.4.0"
}

module "dns_role" {
  source     = "./modules/dns-role"
  issuer_url = module.cluster_info.issuer_url
}
