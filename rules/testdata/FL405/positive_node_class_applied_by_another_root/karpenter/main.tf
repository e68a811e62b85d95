# A second root, applied after the cluster exists, installs Karpenter's
# node class. Its subnet selector asks for the cluster's ownership tag,
# which the network root never put on a subnet.
terraform {
  backend "s3" {
    bucket = "orders-terraform-state"
    key    = "karpenter/terraform.tfstate"
    region = "us-east-2"
  }
}

resource "kubernetes_manifest" "default_node_class" {
  manifest = {
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata = {
      name = "default"
    }
    spec = {
      role             = "orders-karpenter-nodes"
      amiSelectorTerms = [{ alias = "bottlerocket@latest" }]
      subnetSelectorTerms = [{
        tags = { "kubernetes.io/cluster/orders" = "owned" } # want FL405 `the subnetSelectorTerms of Karpenter EC2NodeClass default match no subnet of the 2 the tree declares`
      }]
      securityGroupSelectorTerms = [{
        tags = { "aws:eks:cluster-name" = "orders" }
      }]
    }
  }
}
