variable "replicas" {
  type    = number
  default = 2
}

locals {
  team = "search"
}

output "replicas" {
  value = var.replicas
}

provider "aws" {
  region = "eu-west-1"
}

# A second configuration of the same provider under an alias.
provider "aws" {
  alias  = "dr"
  region = "eu-central-1"
}
