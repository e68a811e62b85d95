data "aws_iam_policy_document" "ebs_csi" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/FEEDFACEFEEDFACEFEEDFACEFEEDFACE"]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.eu-central-1.amazonaws.com/id/FEEDFACEFEEDFACEFEEDFACEFEEDFACE:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "ebs_csi" {
  name               = "ebs-csi-driver"
  assume_role_policy = data.aws_iam_policy_document.ebs_csi.json # want FL203 `trust of role "ebs-csi-driver" \(aws_iam_role.ebs_csi\) lets any service account of any namespace assume it: the web-identity statement has no :sub condition`
}
