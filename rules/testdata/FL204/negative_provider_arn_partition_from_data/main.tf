# The role comes from the IAM module's iam-assumable-role-with-oidc, which
# writes its principal out: arn:<data.aws_partition's partition>:iam::
# <data.aws_caller_identity's account>:oidc-provider/<provider_url>. The
# partition and the account are the root's own, and the issuer is the
# cluster's whose provider registers sts.amazonaws.com alone: STS takes
# no token of another audience, so no :aud condition is missing.
resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::444455556666:role/ledger-control-plane"

  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f", "subnet-04a5b6c7"]
  }
}

resource "aws_iam_openid_connect_provider" "ledger" {
  url             = aws_eks_cluster.ledger.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

module "reconciler_role" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-assumable-role-with-oidc"
  version = "5.48.0"

  create_role                   = true
  role_name                     = "ledger-reconciler"
  provider_url                  = aws_iam_openid_connect_provider.ledger.url
  oidc_fully_qualified_subjects = ["system:serviceaccount:ledger:reconciler"]
}

data "aws_partition" "here" {}
data "aws_caller_identity" "here" {}

# The same principal written by hand in the root.
resource "aws_iam_role" "auditor" {
  name = "ledger-auditor"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:${data.aws_partition.here.partition}:iam::${data.aws_caller_identity.here.account_id}:oidc-provider/${trimprefix(aws_eks_cluster.ledger.identity[0].oidc[0].issuer, "https://")}" }
      Condition = {
        StringEquals = { "${trimprefix(aws_eks_cluster.ledger.identity[0].oidc[0].issuer, "https://")}:sub" = "system:serviceaccount:ledger:auditor" }
      }
    }]
  })
}
