# The provider is created from the cluster's issuer URL, scheme and all;
# the trust keys its conditions on the provider's url attribute, which
# AWS stores without the scheme.
resource "aws_eks_cluster" "orbit" {
  name     = "orbit"
  role_arn = "arn:aws:iam::123450987654:role/orbit-cluster"
  vpc_config {
    subnet_ids = ["subnet-0e1", "subnet-0e2"]
  }
}

resource "aws_iam_openid_connect_provider" "orbit" {
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
  url             = aws_eks_cluster.orbit.identity[0].oidc[0].issuer
}

data "aws_iam_openid_connect_provider" "orbit" {
  arn = aws_iam_openid_connect_provider.orbit.arn
}

resource "aws_iam_role" "telemetry" {
  name = "orbit-telemetry"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = aws_iam_openid_connect_provider.orbit.arn }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = {
          "${aws_iam_openid_connect_provider.orbit.url}:sub" = "system:serviceaccount:telemetry:collector"
          "${aws_iam_openid_connect_provider.orbit.url}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "aws_iam_role" "exporter" {
  name = "orbit-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = data.aws_iam_openid_connect_provider.orbit.arn }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = {
          "${data.aws_iam_openid_connect_provider.orbit.url}:sub" = "system:serviceaccount:telemetry:exporter"
          "${data.aws_iam_openid_connect_provider.orbit.url}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
