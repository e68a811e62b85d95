module "workers" {
  source  = "cloudposse/eks-node-group/aws"
  version = "3.3.0"

  cluster_name   = "intranet"
  instance_types = ["m6i.large"]
  subnet_ids     = ["subnet-0f0e0d0c0b0a09081"]
  min_size       = 1
  max_size       = 4
  desired_size   = 2
  kubernetes_labels = {
    tier = "web"
  }
}

resource "helm_release" "portal" {
  name      = "portal"
  namespace = "portal"
  chart     = "${path.module}/../charts/portal"
}
