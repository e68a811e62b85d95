# Terraform creates the namespace, the audit exporter's Deployment (with the
# kubernetes provider) and its Pod Identity association: the pods run as
# the account the association names.
resource "kubernetes_namespace_v1" "audit" {
  metadata {
    name = "audit"
  }
}

resource "aws_iam_role" "exporter" {
  name = "audit-exporter"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "exporter" {
  cluster_name    = "ledger"
  namespace       = kubernetes_namespace_v1.audit.metadata[0].name
  service_account = "audit-exporter"
  role_arn        = aws_iam_role.exporter.arn
}

resource "kubernetes_deployment_v1" "exporter" {
  metadata {
    name      = "audit-exporter"
    namespace = kubernetes_namespace_v1.audit.metadata[0].name
  }

  spec {
    selector {
      match_labels = {
        app = "audit-exporter"
      }
    }

    template {
      metadata {
        labels = {
          app = "audit-exporter"
        }
      }

      spec {
        service_account_name = "audit-exporter"

        container {
          name  = "exporter"
          image = "registry.example.com/audit-exporter:0.9.2"
        }
      }
    }
  }
}
