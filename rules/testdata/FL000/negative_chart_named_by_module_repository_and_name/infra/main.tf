terraform {
  backend "s3" {
    bucket = "atlas-state"
    key    = "addons/terraform.tfstate"
    region = "eu-west-1"
  }
}

# The chart is this tree's, named by a repository that is a local directory
# and the chart's name: the helm provider joins them (../charts/exporter),
# and the module installs it with the values it is given.
module "exporter" {
  source  = "aws-ia/eks-blueprints-addon/aws"
  version = "~> 1.1.0"

  name       = "exporter"
  namespace  = "metrics"
  repository = "../charts"
  chart      = "exporter"

  set = [
    {
      name  = "target.endpoint.host"
      value = "metrics.example.com"
    }
  ]
}
