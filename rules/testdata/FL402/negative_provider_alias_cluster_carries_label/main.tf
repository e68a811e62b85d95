# One root runs the payments clusters of two regions. Each region has its
# own kubernetes provider; the reconciler is applied through Dublin's,
# whose nodes carry the pool it selects.
provider "aws" {
  alias  = "dublin"
  region = "eu-west-1"
}

provider "aws" {
  alias  = "frankfurt"
  region = "eu-central-1"
}

resource "aws_eks_cluster" "dublin" {
  provider = aws.dublin
  name     = "payments-dublin"
  role_arn = "arn:aws:iam::415263748596:role/payments-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0d1a2b3c4d5e6f701", "subnet-0d1a2b3c4d5e6f702"]
  }
}

resource "aws_eks_cluster" "frankfurt" {
  provider = aws.frankfurt
  name     = "payments-frankfurt"
  role_arn = "arn:aws:iam::415263748596:role/payments-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0f1a2b3c4d5e6f701", "subnet-0f1a2b3c4d5e6f702"]
  }
}

resource "aws_eks_node_group" "dublin_ledger" {
  provider        = aws.dublin
  cluster_name    = aws_eks_cluster.dublin.name
  node_group_name = "ledger"
  node_role_arn   = "arn:aws:iam::415263748596:role/payments-nodes"
  subnet_ids      = ["subnet-0d1a2b3c4d5e6f701", "subnet-0d1a2b3c4d5e6f702"]
  instance_types  = ["m6i.xlarge"]
  labels          = { workload = "ledger" }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 6
  }
}

resource "aws_eks_node_group" "frankfurt_general" {
  provider        = aws.frankfurt
  cluster_name    = aws_eks_cluster.frankfurt.name
  node_group_name = "general"
  node_role_arn   = "arn:aws:iam::415263748596:role/payments-nodes"
  subnet_ids      = ["subnet-0f1a2b3c4d5e6f701", "subnet-0f1a2b3c4d5e6f702"]
  instance_types  = ["m6i.xlarge"]
  labels          = { workload = "general" }
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 6
  }
}

provider "kubernetes" {
  alias                  = "dublin"
  host                   = aws_eks_cluster.dublin.endpoint
  cluster_ca_certificate = base64decode(aws_eks_cluster.dublin.certificate_authority[0].data)
}

# Frankfurt's provider asks the AWS CLI for a token of its cluster.
provider "kubernetes" {
  alias                  = "frankfurt"
  host                   = aws_eks_cluster.frankfurt.endpoint
  cluster_ca_certificate = base64decode(aws_eks_cluster.frankfurt.certificate_authority[0].data)
  exec {
    api_version = "client.authentication.k8s.io/v1beta1"
    command     = "aws"
    args        = ["eks", "get-token", "--cluster-name", "payments-frankfurt", "--region", "eu-central-1"]
  }
}

resource "kubernetes_deployment_v1" "reconciler" {
  provider = kubernetes.dublin
  metadata {
    name      = "reconciler"
    namespace = "payments"
  }
  spec {
    replicas = 2
    selector {
      match_labels = { app = "reconciler" }
    }
    template {
      metadata {
        labels = { app = "reconciler" }
      }
      spec {
        node_selector = { workload = "ledger" }
        container {
          name  = "reconciler"
          image = "registry.example.com/payments/reconciler:3.4.1"
        }
      }
    }
  }
}
