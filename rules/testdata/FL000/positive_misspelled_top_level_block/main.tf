terraform {
  backend "s3" {
    bucket = "platform-tfstate"
    key    = "network/terraform.tfstate"
    region = "eu-west-1"
  }
}

# A letter lost in an edit: Terraform refuses the block, and stops there,
# before it looks at the references to the variable the block declared.
ariable "vpc_cidr" { # want FL000 `Unsupported block type: Blocks of type "ariable" are not expected here. Did you mean "variable"\?`
  type    = string
  default = "10.40.0.0/16"
}

resource "aws_vpc" "main" {
  cidr_block = var.vpc_cidr
}
