terraform {
  backend "s3" {
    bucket = "orchard-tfstate"
    key    = "pools/terraform.tfstate"
    region = "sa-east-1"
  }
}

variable "pool_name" {
  type = string
}

resource "kubectl_manifest" "pool" {
  yaml_body = templatefile("${path.module}/manifests/pool.yaml", { name = var.pool_name })
}
