# Each environment gives its settings with -var-file; without them the
# cluster's name cannot be worked out (Missing map element), so the node
# class's discovery value is not known here.
variable "environment" {
  type    = map(string)
  default = {}
}

locals {
  cluster_name = "${var.environment.prefix}-orders"
}

resource "aws_subnet" "private" {
  vpc_id            = "vpc-0a1b2c3d"
  cidr_block        = "10.60.0.0/20"
  availability_zone = "eu-west-1a"
  tags              = { "karpenter.sh/discovery" = "shop-orders" }
}

resource "aws_eks_cluster" "orders" {
  name     = "shop-orders"
  role_arn = "arn:aws:iam::111122223333:role/orders-cluster"

  vpc_config {
    subnet_ids = [aws_subnet.private.id]
  }
}

data "kubectl_path_documents" "karpenter" {
  pattern = "${path.module}/manifests/*.yaml"
  vars = {
    cluster_name = local.cluster_name
  }
}

resource "kubectl_manifest" "karpenter" {
  count     = length(data.kubectl_path_documents.karpenter.documents)
  yaml_body = element(data.kubectl_path_documents.karpenter.documents, count.index)
}
