# The bucket is given at terraform init (-backend-config): a reader that
# names the same key is matched to this root by inference.
terraform {
  backend "s3" {
    key    = "network/terraform.tfstate"
    region = "eu-north-1"
  }
}

output "vpc_id" {
  value = "vpc-0c1c2c3c4c5c6c7c8"
}
