# The platform root creates the cluster and registers its issuer with
# IAM for STS only. The image-sync role finds the provider again through
# the data source, by the cluster's issuer: the same provider, so its
# trust needs no audience condition.
resource "aws_iam_role" "control_plane" {
  name = "atlas-control-plane"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_cluster" "atlas" {
  name     = "atlas"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0a11b22c33d44e55f", "subnet-0f55e44d33c22b11a"]
  }
}

resource "aws_iam_openid_connect_provider" "atlas" {
  url             = aws_eks_cluster.atlas.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

data "aws_iam_openid_connect_provider" "atlas" {
  url = aws_eks_cluster.atlas.identity[0].oidc[0].issuer

  depends_on = [aws_iam_openid_connect_provider.atlas]
}

data "aws_iam_policy_document" "image_sync_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [data.aws_iam_openid_connect_provider.atlas.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${trimprefix(aws_eks_cluster.atlas.identity[0].oidc[0].issuer, "https://")}:sub"
      values   = ["system:serviceaccount:registry:image-sync"]
    }
  }
}

resource "aws_iam_role" "image_sync" {
  name               = "atlas-image-sync"
  assume_role_policy = data.aws_iam_policy_document.image_sync_trust.json
}
