terraform {
  backend "s3" {
    bucket = "network-state"
    key    = "vpc/terraform.tfstate"
    region = "eu-west-2"
  }
}

provider "aws" {
  region = "eu-west-2"
}

# Left from when this root also ran the cluster's add-ons: nothing here
# uses the kubernetes provider any more, and the data sources went with
# them. Only the registry module's code, which is not in the tree, could.
provider "kubernetes" {
  host  = data.aws_eks_cluster.main.endpoint
  token = data.aws_eks_cluster_auth.main.token
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.8.1"

  name = "platform"
  cidr = "10.60.0.0/16"
  azs  = ["eu-west-2a", "eu-west-2b"]
}
