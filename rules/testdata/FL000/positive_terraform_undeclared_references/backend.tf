terraform {
  backend "s3" {
    bucket = "platform-terraform-state"
    key    = "queues/terraform.tfstate"
    region = "eu-west-1"
  }
}
