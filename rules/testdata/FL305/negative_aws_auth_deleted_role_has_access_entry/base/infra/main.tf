resource "aws_eks_cluster" "quay" {
  name     = "quay"
  role_arn = "arn:aws:iam::314159265358:role/quay-cluster"
  vpc_config {
    subnet_ids = ["subnet-0b1", "subnet-0b2"]
  }
  access_config {
    authentication_mode = "API_AND_CONFIG_MAP"
  }
}

resource "aws_iam_role" "karpenter_nodes" {
  name = "quay-karpenter-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Action = "sts:AssumeRole", Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

data "aws_ssm_parameter" "node_mappings" {
  name = "/quay/aws-auth/map-roles"
}

# The mappings come from a parameter the platform team keeps.
resource "kubernetes_config_map_v1_data" "aws_auth" {
  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }
  data = {
    mapRoles = data.aws_ssm_parameter.node_mappings.value
  }
  force = true
}
