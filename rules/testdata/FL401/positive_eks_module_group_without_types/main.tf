module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 19.21"

  cluster_name    = "builds"
  cluster_version = "1.29"
  vpc_id          = "vpc-0f00d"
  subnet_ids      = ["subnet-0e1", "subnet-0e2"]

  # No instance_types: the module's launch template names none either, so
  # EKS launches t3.medium.
  eks_managed_node_groups = {
    runners = {
      min_size     = 1
      max_size     = 4
      desired_size = 1
    }
  }
}

resource "kubernetes_deployment_v1" "runner" {
  metadata {
    name      = "runner"
    namespace = "ci"
  }

  spec {
    selector {
      match_labels = { app = "runner" }
    }

    template {
      metadata {
        labels = { app = "runner" }
      }

      spec {
        container {
          name  = "runner"
          image = "registry.example.com/ci/runner:5.0.2"

          resources {
            requests = { cpu = "2500m", memory = "2Gi" } # want FL401 `the largest instance type it launches, t3.medium, allocates 1930m CPU`
          }
        }
      }
    }
  }
}
