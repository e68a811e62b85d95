# The cluster itself is made by eksctl; Terraform kept aws-auth until now.
resource "kubernetes_config_map_v1_data" "aws_auth" {
  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }
  force = true

  data = {
    mapRoles = yamlencode([
      {
        rolearn  = "arn:aws:iam::989898989898:role/harbor-karpenter-nodes"
        username = "system:node:{{EC2PrivateDNSName}}"
        groups   = ["system:bootstrappers", "system:nodes"]
      },
      {
        rolearn  = "arn:aws:iam::989898989898:role/harbor-admins"
        username = "harbor-admins"
        groups   = ["system:masters"]
      },
    ])
  }
}
