# Terraform 1.x stops loading this configuration at the quoted type, so the
# count.index below, wrong in a block without count, is never reached.
terraform {
  backend "s3" {
    bucket = "bastion-tfstate"
    key    = "bastion/terraform.tfstate"
    region = "ap-south-1"
  }
}

variable "bastion_subnets" {
  type    = "list" # want FL000 `Invalid quoted type constraints`
  default = ["subnet-0a9a9a9a9a9a9a9a1"]
}

resource "aws_instance" "bastion" {
  ami           = "ami-0a9a9a9a9a9a9a9a1"
  instance_type = "t3.micro"
  subnet_id     = element(var.bastion_subnets, count.index)
}
