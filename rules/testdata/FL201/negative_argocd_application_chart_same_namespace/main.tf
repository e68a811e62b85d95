resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.eu-west-1.amazonaws.com/id/7D2E9A41C6B84F0A93E5D1C27B8F6A30"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

data "aws_iam_policy_document" "dns_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.cluster.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.eu-west-1.amazonaws.com/id/7D2E9A41C6B84F0A93E5D1C27B8F6A30:sub"
      values   = ["system:serviceaccount:kube-system:external-dns"]
    }
  }
}

resource "aws_iam_role" "dns" {
  name               = "external-dns"
  assume_role_policy = data.aws_iam_policy_document.dns_trust.json
}

# Argo CD installs the chart; the provider creates the Application.
resource "argocd_application" "dns" {
  metadata {
    name      = "external-dns"
    namespace = "argocd"
  }

  spec {
    project = "platform"

    source {
      repo_url        = "https://kubernetes-sigs.github.io/external-dns/"
      chart           = "external-dns"
      target_revision = "1.14.5"

      helm {
        values = <<-EOT
          provider:
            name: aws
          serviceAccount:
            annotations:
              eks.amazonaws.com/role-arn: ${aws_iam_role.dns.arn}
        EOT
      }
    }

    destination {
      server    = "https://kubernetes.default.svc"
      namespace = "kube-system"
    }
  }
}
