# One node role for the managed node group. Karpenter's EC2NodeClass
# (k8s/karpenter/ec2nodeclass.yaml) names the same role: the node group's
# lifecycle now decides whether Karpenter's nodes can join the cluster.
resource "aws_iam_role" "nodes" {
  name = "${var.cluster_name}-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_iam_role_policy_attachment" "nodes" {
  for_each = toset([
    "arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy",
    "arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy",
    "arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryReadOnly",
  ])

  role       = aws_iam_role.nodes.name
  policy_arn = each.value
}

# The role of the "legacy" node group, which this pull request deletes.
# Karpenter's "spot" EC2NodeClass (k8s/karpenter/ec2nodeclass-spot.yaml)
# launches its nodes as this role too.
resource "aws_iam_role" "legacy_nodes" {
  name = "${var.cluster_name}-legacy-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}
