# Auto Mode with its built-in NodePools: besides the tainted ingest pool,
# general-purpose takes any pod, and no source declares it.
resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = "arn:aws:iam::210987654321:role/atlas-cluster"

  bootstrap_self_managed_addons = false

  compute_config {
    enabled       = true
    node_pools    = ["general-purpose", "system"]
    node_role_arn = "arn:aws:iam::210987654321:role/atlas-auto-nodes"
  }

  kubernetes_network_config {
    elastic_load_balancing {
      enabled = true
    }
  }

  storage_config {
    block_storage {
      enabled = true
    }
  }

  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f", "subnet-0a4b5c6d"]
  }
}

resource "kubernetes_manifest" "ingest_pool" {
  manifest = {
    apiVersion = "karpenter.sh/v1"
    kind       = "NodePool"
    metadata   = { name = "ingest" }
    spec = {
      template = {
        spec = {
          nodeClassRef = { group = "eks.amazonaws.com", kind = "NodeClass", name = "default" }
          taints       = [{ key = "workload", value = "ingest", effect = "NoSchedule" }]
          requirements = [
            { key = "eks.amazonaws.com/instance-category", operator = "In", values = ["c", "m"] },
          ]
        }
      }
    }
  }
}

# The reporting API tolerates nothing: general-purpose runs it.
resource "kubernetes_deployment" "reports" {
  metadata {
    name      = "reports"
    namespace = "analytics"
  }
  spec {
    replicas = 2
    selector {
      match_labels = { app = "reports" }
    }
    template {
      metadata {
        labels = { app = "reports" }
      }
      spec {
        container {
          name  = "api"
          image = "public.ecr.aws/nginx/nginx:1.27"
        }
      }
    }
  }
}
