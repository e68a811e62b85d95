# The Deployment was moved to a new account (audit-shipper) when the
# exporter was rewritten; the Pod Identity association still names the old
# one, so the new pods get no credentials. Nothing else declares the
# namespace: the Deployment in it does.
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
  namespace       = "audit"
  service_account = "audit-exporter" # want FL206:error `nothing in namespace audit runs as "audit-exporter"`
  role_arn        = aws_iam_role.exporter.arn
}

resource "kubernetes_deployment_v1" "exporter" {
  metadata {
    name      = "audit-exporter"
    namespace = "audit"
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
        service_account_name = "audit-shipper"

        container {
          name  = "exporter"
          image = "registry.example.com/audit-exporter:0.9.2"
        }
      }
    }
  }
}
