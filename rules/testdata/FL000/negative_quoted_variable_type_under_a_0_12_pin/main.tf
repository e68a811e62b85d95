# Still applied with Terraform 0.12, which only warns that quoted types
# are deprecated; 0.15 made them an error.
terraform {
  required_version = ">= 0.12.20, < 0.13"

  backend "s3" {
    bucket = "jupyter-tfstate"
    key    = "hub/terraform.tfstate"
    region = "us-east-2"
  }
}

variable "notebook_subnets" {
  type    = "list"
  default = ["subnet-0f0f0f0f0f0f0f0f1"]
}

resource "aws_efs_mount_target" "notebooks" {
  file_system_id = "fs-0f0f0f0f0f0f0f0f1"
  subnet_id      = var.notebook_subnets[0]
}
