# The add-ons root installs the ingest service into the warehouse
# cluster, which it looks up by name; the chart still pins the streaming
# tier, which only the lake cluster has.
variable "cluster_name" {
  type    = string
  default = "analytics-warehouse"
}

data "aws_eks_cluster" "target" {
  name = var.cluster_name
}

data "aws_eks_cluster_auth" "target" {
  name = var.cluster_name
}

provider "helm" {
  kubernetes {
    host                   = data.aws_eks_cluster.target.endpoint
    cluster_ca_certificate = base64decode(data.aws_eks_cluster.target.certificate_authority[0].data)
    token                  = data.aws_eks_cluster_auth.target.token
  }
}

resource "helm_release" "ingest" {
  name             = "ingest"
  namespace        = "ingest"
  create_namespace = true
  chart            = "${path.module}/charts/ingest"
}
