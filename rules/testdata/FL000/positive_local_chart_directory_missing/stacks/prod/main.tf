terraform {
  backend "s3" {
    bucket = "acme-tfstate"
    key    = "stacks/prod/terraform.tfstate"
    region = "eu-west-1"
  }
}

# The api chart moved from stacks/charts to the repository's charts/
# directory; this release still climbs one level only, so from
# stacks/prod (where terraform runs) it names stacks/charts/api, which
# is gone: helm stops with "path not found" before installing.
resource "helm_release" "api" {
  name      = "api"
  namespace = "api"
  chart     = "../charts/api" # want FL000 `Chart directory not found: The chart \.\./charts/api of helm_release\.api names stacks/charts/api, which does not exist`

  values = [yamlencode({ replicas = 2 })]
}

# The worker chart is named from the root's directory, where it is.
resource "helm_release" "worker" {
  name      = "worker"
  namespace = "api"
  chart     = "../../charts/api"
}
