# The node mapping moved to the eksctl config (iamIdentityMappings).
resource "kubernetes_config_map_v1_data" "aws_auth" {
  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }
  force = true

  data = {
    mapRoles = yamlencode([
      {
        rolearn  = "arn:aws:iam::989898989898:role/harbor-admins"
        username = "harbor-admins"
        groups   = ["system:masters"]
      },
    ])
  }
}
