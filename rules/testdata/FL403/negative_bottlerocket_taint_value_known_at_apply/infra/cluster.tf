variable "gpu_taint_value" {
  type = string
}

resource "aws_iam_role" "cluster" {
  name = "render-cluster"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_iam_role" "gpu_nodes" {
  name = "render-gpu-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "render" {
  name     = "render"
  role_arn = aws_iam_role.cluster.arn
  vpc_config {
    subnet_ids = ["subnet-0e1d2c3b4a5f6e7d8", "subnet-0f1e2d3c4b5a6f7e8"]
  }
}

# The taint's value comes from a variable given at apply: which taint the
# nodes carry is not known here, so none is taken as read.
resource "aws_launch_template" "gpu" {
  name_prefix = "render-gpu-"
  image_id    = "ami-0a1b2c3d4e5f60718"
  user_data = base64encode(<<-EOT
    [settings.kubernetes]
    cluster-name = "${aws_eks_cluster.render.name}"
    api-server = "${aws_eks_cluster.render.endpoint}"
    cluster-certificate = "${aws_eks_cluster.render.certificate_authority[0].data}"

    [settings.kubernetes.node-taints]
    "nvidia.com/gpu" = "${var.gpu_taint_value}:NoSchedule"
  EOT
  )
}

resource "aws_eks_node_group" "gpu" {
  cluster_name    = aws_eks_cluster.render.name
  node_group_name = "gpu"
  node_role_arn   = aws_iam_role.gpu_nodes.arn
  subnet_ids      = ["subnet-0e1d2c3b4a5f6e7d8", "subnet-0f1e2d3c4b5a6f7e8"]
  instance_types  = ["g5.xlarge"]
  launch_template {
    id      = aws_launch_template.gpu.id
    version = aws_launch_template.gpu.latest_version
  }
  scaling_config {
    min_size     = 1
    max_size     = 4
    desired_size = 1
  }
}
