resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"
}

variable "api_cpu" {
  type = string
}

resource "kubectl_manifest" "api" {
  yaml_body = yamlencode({
    apiVersion = "apps/v1"
    kind       = "Deployment"
    metadata   = { name = "api", namespace = "shop" }
    spec = {
      selector = { matchLabels = { app = "api" } }
      template = {
        metadata = { labels = { app = "api" } }
        spec = {
          containers = [{
            name      = "api"
            image     = "registry.example.com/shop/api:1.4.2"
            resources = { requests = { cpu = var.api_cpu, memory = "4Gi" } }
          }]
        }
      }
    }
  })
}
