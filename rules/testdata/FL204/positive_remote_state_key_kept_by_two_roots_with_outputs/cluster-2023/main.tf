# A second root keeping the same state key and declaring the outputs the
# ingress reads: which one wrote the state is not known, and its OIDC
# provider is not the eks module's (its audiences are not known).
terraform {
  backend "s3" {
    bucket = "kestrel-terraform"
    key    = "platform/cluster.tfstate"
    region = "eu-north-1"
  }
}

variable "oidc_provider_arn" {
  type = string
}

variable "oidc_issuer_host" {
  type = string
}

output "oidc_provider_arn" {
  value = var.oidc_provider_arn
}

output "oidc_issuer_host" {
  value = var.oidc_issuer_host
}
