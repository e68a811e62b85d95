variable "auto_mode" {
  type    = bool
  default = false
}

module "eks" {
  source             = "terraform-aws-modules/eks/aws"
  version            = "21.6.0"
  name               = "inference"
  kubernetes_version = "1.33"
  compute_config     = { enabled = var.auto_mode }
  vpc_id             = "vpc-0e1d2c3b4a5968778"
  subnet_ids         = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  eks_managed_node_groups = {
    general = {
      create         = !var.auto_mode
      instance_types = ["m6i.xlarge"]
      min_size       = 2
      max_size       = 6
      desired_size   = 2
    }
  }
}

# The Auto Mode NodePools are applied only with Auto Mode on; it is off,
# so the node group is the cluster's capacity.
data "kubectl_path_documents" "auto_mode" {
  count   = var.auto_mode ? 1 : 0
  pattern = "${path.module}/auto-mode/*.yaml"
}

resource "kubectl_manifest" "auto_mode" {
  count     = var.auto_mode ? length(data.kubectl_path_documents.auto_mode[0].documents) : 0
  yaml_body = element(data.kubectl_path_documents.auto_mode[0].documents, count.index)
}
