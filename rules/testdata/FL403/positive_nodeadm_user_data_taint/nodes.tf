resource "aws_eks_cluster" "render" {
  name     = "render"
  role_arn = "arn:aws:iam::898989898989:role/render-cluster"

  vpc_config {
    subnet_ids = ["subnet-0r81", "subnet-0r82"]
  }
}

# AL2023 nodes for the render farm: nodeadm registers them with a label
# and a taint of their own (EKS merges its NodeConfig with this one).
resource "aws_launch_template" "render" {
  name_prefix = "render-"

  user_data = base64encode(<<-EOT
    MIME-Version: 1.0
    Content-Type: multipart/mixed; boundary="//"

    --//
    Content-Type: application/node.eks.aws

    apiVersion: node.eks.aws/v1alpha1
    kind: NodeConfig
    spec:
      kubelet:
        flags:
          - --node-labels=farm=render,tier=batch
          - --register-with-taints=farm=render:NoSchedule
    --//--
  EOT
  )
}

resource "aws_eks_node_group" "render" {
  cluster_name    = aws_eks_cluster.render.name
  node_group_name = "render"
  node_role_arn   = "arn:aws:iam::898989898989:role/render-nodes"
  subnet_ids      = ["subnet-0r81", "subnet-0r82"]
  ami_type        = "AL2023_x86_64_STANDARD"
  instance_types  = ["c6i.4xlarge"]

  launch_template {
    id      = aws_launch_template.render.id
    version = aws_launch_template.render.latest_version
  }

  scaling_config {
    min_size     = 0
    max_size     = 20
    desired_size = 2
  }
}
