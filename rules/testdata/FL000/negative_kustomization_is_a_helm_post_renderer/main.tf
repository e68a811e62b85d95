terraform {
  backend "s3" {
    bucket = "edge-tfstate"
    key    = "mesh/terraform.tfstate"
    region = "us-west-2"
  }
}

# Each release's manifests go through a script that writes them beside a
# kustomization as chart.yaml and runs kustomize over the directory.
resource "helm_release" "gateway" {
  name       = "gateway"
  namespace  = "edge"
  repository = "https://charts.example.org/edge"
  chart      = "gateway"
  version    = "3.1.0"

  postrender {
    binary_path = "${path.module}/postrender/gateway/render.sh"
  }
}

resource "helm_release" "telemetry" {
  name       = "telemetry"
  namespace  = "edge"
  repository = "https://charts.example.org/edge"
  chart      = "telemetry"
  version    = "1.8.2"

  postrender = {
    binary_path = "./postrender/telemetry/render.sh"
  }
}
