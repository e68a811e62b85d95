data "aws_caller_identity" "current" {}

locals {
  # The issuer as IAM and the condition keys spell it: no scheme.
  oidc_issuer = replace(aws_eks_cluster.billing.identity[0].oidc[0].issuer, "https://", "")
}

# The OIDC provider was removed in a clean-up ("nothing references it"):
# the trust below builds its ARN from the issuer instead of referring to
# the resource, so Terraform plans the deletion without complaint.

# The EBS CSI driver's controller runs as kube-system/ebs-csi-controller-sa.
resource "aws_iam_role" "ebs_csi" {
  name = "billing-ebs-csi"
  assume_role_policy = jsonencode({ # want FL304:error `OIDC provider aws_iam_openid_connect_provider.billing is deleted since the base revision while IAM role aws_iam_role.ebs_csi still trusts it \(IRSA\)`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc_issuer}" }
      Condition = {
        StringEquals = {
          "${local.oidc_issuer}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
          "${local.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
