# The role module writes each "namespace:name" entry into the trust's
# subject; with StringLike, "<team>:*" lets every service account of the
# team's namespace assume the role. The namespace is given at plan, yet
# the entry is still reported where it is written.
variable "team_namespace" {
  type = string
}

resource "aws_eks_cluster" "shared" {
  name     = "shared"
  role_arn = "arn:aws:iam::777788889999:role/shared-control-plane"

  vpc_config {
    subnet_ids = ["subnet-07a8b9c0", "subnet-01d2e3f4"]
  }
}

resource "aws_iam_openid_connect_provider" "shared" {
  url             = aws_eks_cluster.shared.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

module "team_reader" {
  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"
  version = "5.44.0"

  role_name                  = "team-reader"
  assume_role_condition_test = "StringLike"

  oidc_providers = {
    shared = {
      provider_arn = aws_iam_openid_connect_provider.shared.arn
      namespace_service_accounts = [
        "${var.team_namespace}:*", # want FL203:warning `trust of role "team-reader" \(module.team_reader.aws_iam_role.this\[0\]\) lets any service account of namespace`
      ]
    }
  }
}
