resource "aws_iam_role" "cluster" {
  name = "reports-cluster"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "reports" {
  name     = "reports"
  role_arn = aws_iam_role.cluster.arn
  vpc_config {
    subnet_ids = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]
  }
}

resource "aws_iam_role" "system_nodes" {
  name = "reports-system-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

# Runs the add-ons and Karpenter's controller; workloads go to NodePools.
resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.reports.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.system_nodes.arn
  subnet_ids      = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]
  instance_types  = ["m7g.large"]
  ami_type        = "AL2023_ARM_64_STANDARD"

  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }

  taint {
    key    = "CriticalAddonsOnly"
    value  = "true"
    effect = "NO_SCHEDULE"
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"

  values = [yamlencode({
    settings = { clusterName = aws_eks_cluster.reports.name }
    tolerations = [{
      key      = "CriticalAddonsOnly"
      operator = "Exists"
    }]
  })]
}

# The batch pool's zones are given per environment; its manifest is known
# only once they are.
variable "batch_zones" {
  type = list(string)
}

resource "kubectl_manifest" "batch_pool" {
  yaml_body = templatefile("${path.module}/batch-pool.yaml.tftpl", { zones = var.batch_zones })
}
