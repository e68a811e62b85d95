variable "karpenter_enabled" {
  type    = bool
  default = false
}

resource "aws_iam_role" "system_nodes" {
  name = "pine-system-nodes"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }]
  })
}

# With Karpenter off the second entry is null, and yamlencode writes it
# as "- null": the authenticator skips that entry and keeps the first.
resource "kubernetes_config_map_v1_data" "aws_auth" {
  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }
  force = true
  data = {
    mapRoles = yamlencode([
      {
        rolearn  = aws_iam_role.system_nodes.arn
        username = "system:node:{{EC2PrivateDNSName}}"
        groups   = ["system:bootstrappers", "system:nodes"]
      },
      var.karpenter_enabled ? {
        rolearn  = "arn:aws:iam::135792468024:role/pine-karpenter-nodes"
        username = "system:node:{{EC2PrivateDNSName}}"
        groups   = ["system:bootstrappers", "system:nodes"]
      } : null,
    ])
  }
}
