# One configuration per region, copied; the pipeline passes each
# cluster's name with -var. EKS attaches the cluster security group to the
# node group (it has no launch template), and the node class selects that
# group by the aws:eks:cluster-name tag EKS puts on it.
terraform {
  backend "s3" {
    bucket = "telemetry-terraform-state"
    key    = "us/cluster.tfstate"
    region = "eu-central-1"
  }
}

variable "cluster_name" {
  type = string
}

resource "aws_eks_cluster" "telemetry" {
  name     = var.cluster_name
  role_arn = "arn:aws:iam::777788889999:role/telemetry-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0b2c3d4e501", "subnet-0b2c3d4e502"]
  }
}

resource "aws_eks_node_group" "core" {
  cluster_name    = aws_eks_cluster.telemetry.name
  node_group_name = "core"
  node_role_arn   = "arn:aws:iam::777788889999:role/telemetry-core-nodes"
  subnet_ids      = ["subnet-0b2c3d4e501"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "collectors" }
    spec = {
      role                = "telemetry-karpenter-nodes"
      amiSelectorTerms    = [{ alias = "al2023@latest" }]
      subnetSelectorTerms = [{ id = "subnet-0b2c3d4e502" }]
      securityGroupSelectorTerms = [{
        tags = { "aws:eks:cluster-name" = var.cluster_name } # want FL103 `cluster security group of aws_eks_cluster.telemetry is selected by Karpenter EC2NodeClass collectors and also attached to managed node group aws_eks_node_group.core`
      }]
    }
  })
}
