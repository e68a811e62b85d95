# The trust keys its conditions on the provider's url attribute (stored
# without the scheme); the collector moved to its own namespace and the
# trust still names the old one.
resource "aws_eks_cluster" "orbit" {
  name     = "orbit"
  role_arn = "arn:aws:iam::123450987654:role/orbit-cluster"
  vpc_config {
    subnet_ids = ["subnet-0e1", "subnet-0e2"]
  }
}

resource "aws_iam_openid_connect_provider" "orbit" {
  client_id_list = ["sts.amazonaws.com"]
  url            = aws_eks_cluster.orbit.identity[0].oidc[0].issuer
}

resource "aws_iam_role" "collector" {
  name = "orbit-collector"
  assume_role_policy = jsonencode({ # want FL201:error `allows system:serviceaccount:monitoring:collector; the service account runs as telemetry:collector`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = aws_iam_openid_connect_provider.orbit.arn }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = {
          "${aws_iam_openid_connect_provider.orbit.url}:sub" = "system:serviceaccount:monitoring:collector"
          "${aws_iam_openid_connect_provider.orbit.url}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "collector" {
  metadata {
    name      = "collector"
    namespace = "telemetry"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.collector.arn
    }
  }
}
