# Written at the top level, where Terraform does not take it.
required_providers { # want FL000 `Invalid required_providers block: A "required_providers" block must be nested inside a "terraform" block.`
  aws = {
    source  = "hashicorp/aws"
    version = "~> 5.0"
  }
}
