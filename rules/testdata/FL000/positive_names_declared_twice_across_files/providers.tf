provider "aws" {
  region = local.region
}

provider "aws" {
  alias  = "us"
  region = "us-east-1"
}

provider "aws" { # want FL000 `Duplicate provider configuration: A provider configuration for "aws" with alias "us" was already given at providers.tf:5`
  alias  = "us"
  region = "us-east-2"
}
