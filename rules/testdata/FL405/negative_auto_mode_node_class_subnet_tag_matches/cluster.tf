resource "aws_iam_role" "cluster" {
  name = "analytics-cluster"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = ["sts:AssumeRole", "sts:TagSession"], Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_iam_role" "node" {
  name = "analytics-auto-node"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_subnet" "app" {
  for_each          = { a = "10.20.0.0/19", b = "10.20.32.0/19" }
  vpc_id            = "vpc-0a0b0c0d0e0f01234"
  cidr_block        = each.value
  availability_zone = "eu-west-1${each.key}"
  tags              = { tier = "app" }
}

resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = aws_iam_role.cluster.arn

  access_config {
    authentication_mode = "API"
  }
  bootstrap_self_managed_addons = false
  compute_config {
    enabled       = true
    node_pools    = ["system"]
    node_role_arn = aws_iam_role.node.arn
  }
  kubernetes_network_config {
    elastic_load_balancing { enabled = true }
  }
  storage_config {
    block_storage { enabled = true }
  }
  vpc_config {
    subnet_ids = [for s in aws_subnet.app : s.id]
  }
}

# A NodeClass of its own for the batch pool, on the subnets of its
# tier.
resource "kubernetes_manifest" "batch_class" {
  manifest = {
    apiVersion = "eks.amazonaws.com/v1"
    kind       = "NodeClass"
    metadata   = { name = "batch" }
    spec = {
      role                       = aws_iam_role.node.name
      subnetSelectorTerms        = [{ tags = { tier = "app" } }]
      securityGroupSelectorTerms = [{ tags = { "aws:eks:cluster-name" = "analytics" } }]
    }
  }
}

resource "kubernetes_manifest" "batch_pool" {
  manifest = {
    apiVersion = "karpenter.sh/v1"
    kind       = "NodePool"
    metadata   = { name = "batch" }
    spec = {
      template = {
        spec = {
          nodeClassRef = { group = "eks.amazonaws.com", kind = "NodeClass", name = "batch" }
          requirements = [{ key = "eks.amazonaws.com/instance-category", operator = "In", values = ["c", "m"] }]
        }
      }
    }
  }
}
