terraform {
  backend "s3" {
    bucket = "certs-tfstate"
    key    = "issuers/terraform.tfstate"
    region = "eu-west-2"
  }
}

output "issuer" {
  value = var.staging_issuer ? "letsencrypt-staging" : "letsencrypt"
}
