# Terraform creates the reporting database's storage class, claim and
# Deployment with the kubernetes provider. The class only provisions in
# eu-central-1c and binds at once; the node group runs in 1a and 1b, so
# the volume is made where no node can mount it.
resource "aws_eks_cluster" "reports" {
  name     = "reports"
  role_arn = "arn:aws:iam::123456789012:role/reports-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1", "subnet-0b1"]
  }
}

resource "aws_subnet" "a" {
  vpc_id            = "vpc-0123"
  cidr_block        = "10.4.0.0/20"
  availability_zone = "eu-central-1a"
}

resource "aws_subnet" "b" {
  vpc_id            = "vpc-0123"
  cidr_block        = "10.4.16.0/20"
  availability_zone = "eu-central-1b"
}

resource "aws_eks_node_group" "data" {
  cluster_name    = aws_eks_cluster.reports.name
  node_group_name = "data"
  node_role_arn   = "arn:aws:iam::123456789012:role/reports-nodes"
  subnet_ids      = [aws_subnet.a.id, aws_subnet.b.id]
  instance_types  = ["r6i.large"]

  scaling_config {
    min_size     = 1
    max_size     = 3
    desired_size = 1
  }
}

resource "kubernetes_storage_class_v1" "gp3_zone_c" {
  metadata {
    name = "gp3-zone-c"
  }
  storage_provisioner = "ebs.csi.aws.com"
  volume_binding_mode = "Immediate"

  allowed_topologies {
    match_label_expressions {
      key    = "topology.ebs.csi.aws.com/zone"
      values = ["eu-central-1c"]
    }
  }
}

resource "kubernetes_persistent_volume_claim_v1" "reports_db" {
  metadata {
    name      = "reports-db"
    namespace = "reporting"
  }
  spec {
    access_modes       = ["ReadWriteOnce"]
    storage_class_name = kubernetes_storage_class_v1.gp3_zone_c.metadata[0].name
    resources {
      requests = {
        storage = "50Gi"
      }
    }
  }
}

resource "kubernetes_deployment_v1" "reports_db" {
  metadata {
    name      = "reports-db"
    namespace = "reporting"
  }
  spec {
    selector {
      match_labels = { app = "reports-db" }
    }
    template {
      metadata {
        labels = { app = "reports-db" }
      }
      spec {
        container {
          name  = "postgres"
          image = "postgres:16"
          resources {
            requests = {
              cpu    = "500m"
              memory = "2Gi"
            }
          }
        }
        volume {
          name = "data"
          persistent_volume_claim {
            claim_name = kubernetes_persistent_volume_claim_v1.reports_db.metadata[0].name # want FL404 `Deployment reporting/reports-db stays Pending: its volume lives in a zone where no NodePool or node group that fits it can put a node`
          }
        }
      }
    }
  }
}
