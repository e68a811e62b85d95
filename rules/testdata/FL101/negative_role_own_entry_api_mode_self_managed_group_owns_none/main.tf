# The role's EC2_LINUX entry is this tree's, and a self-managed group runs
# as the role too, through an instance profile declared on its own. EKS
# deletes nothing when a self-managed group goes, and the entry and the
# profile are not the group's: removing the group leaves Karpenter's nodes
# their access.
resource "aws_iam_role" "nodes" {
  name = "ledger-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::123456789012:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }

  access_config {
    authentication_mode = "API"
  }
}

resource "aws_eks_access_entry" "nodes" {
  cluster_name  = aws_eks_cluster.ledger.name
  principal_arn = aws_iam_role.nodes.arn
  type          = "EC2_LINUX"
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  scaling_config {
    desired_size = 2
    max_size     = 3
    min_size     = 2
  }

  depends_on = [aws_eks_access_entry.nodes]
}

resource "aws_iam_instance_profile" "nodes" {
  name = "ledger-nodes"
  role = aws_iam_role.nodes.name
}

resource "aws_launch_template" "batch" {
  name_prefix   = "ledger-batch-"
  image_id      = "ami-0a1b2c3d4e5f60718"
  instance_type = "c7i.2xlarge"

  iam_instance_profile {
    name = aws_iam_instance_profile.nodes.name
  }
}

resource "aws_autoscaling_group" "batch" {
  name                = "ledger-batch"
  min_size            = 0
  max_size            = 10
  vpc_zone_identifier = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]

  launch_template {
    id      = aws_launch_template.batch.id
    version = "$Latest"
  }

  tag {
    key                 = "kubernetes.io/cluster/ledger"
    value               = "owned"
    propagate_at_launch = true
  }
}

resource "kubectl_manifest" "node_class" {
  yaml_body = yamlencode({
    apiVersion = "karpenter.k8s.aws/v1"
    kind       = "EC2NodeClass"
    metadata   = { name = "default" }
    spec = {
      amiSelectorTerms           = [{ alias = "al2023@latest" }]
      role                       = aws_iam_role.nodes.name
      subnetSelectorTerms        = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
      securityGroupSelectorTerms = [{ tags = { "karpenter.sh/discovery" = "ledger" } }]
    }
  })
}
