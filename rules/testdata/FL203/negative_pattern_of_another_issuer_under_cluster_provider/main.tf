resource "aws_eks_cluster" "tools" {
  name     = "tools"
  role_arn = "arn:aws:iam::111122223333:role/tools-cluster"

  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  }
}

resource "aws_iam_openid_connect_provider" "tools" {
  url             = aws_eks_cluster.tools.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The release role's trust was adapted from the GitHub Actions one: its
# pattern is a GitHub subject, which no service account token carries
# (FL207 says so); it lets no service account in, let alone all of them.
resource "aws_iam_role" "release" {
  name = "tools-release"
  assume_role_policy = jsonencode({ # want FL207 `subject "repo:tools-org/release:\*" is not a service account`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.tools.arn }
      Condition = {
        StringLike = {
          "${replace(aws_iam_openid_connect_provider.tools.url, "https://", "")}:sub" = "repo:tools-org/release:*"
        }
      }
    }]
  })
}
