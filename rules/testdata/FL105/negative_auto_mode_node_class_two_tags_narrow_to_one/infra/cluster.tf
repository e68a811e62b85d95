# An EKS Auto Mode cluster; its built-in Karpenter launches the nodes of
# the NodeClass beside it, which narrows the groups to the batch one.
resource "aws_iam_role" "cluster" {
  name = "atlas-cluster"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = ["sts:AssumeRole", "sts:TagSession"], Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_iam_role" "nodes" {
  name = "atlas-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_security_group" "web" {
  name   = "atlas-web"
  vpc_id = "vpc-0a71a5"
  tags   = { "karpenter.sh/discovery" = "atlas" }
}

resource "aws_security_group" "batch" {
  name   = "atlas-batch"
  vpc_id = "vpc-0a71a5"
  tags   = { "karpenter.sh/discovery" = "atlas", tier = "batch" }
}

resource "aws_eks_cluster" "atlas" {
  name                          = "atlas"
  role_arn                      = aws_iam_role.cluster.arn
  bootstrap_self_managed_addons = false

  access_config {
    authentication_mode = "API"
  }

  compute_config {
    enabled       = true
    node_pools    = ["general-purpose", "system"]
    node_role_arn = aws_iam_role.nodes.arn
  }

  kubernetes_network_config {
    elastic_load_balancing {
      enabled = true
    }
  }

  storage_config {
    block_storage {
      enabled = true
    }
  }

  vpc_config {
    subnet_ids = ["subnet-0a71", "subnet-0a72"]
  }
}
