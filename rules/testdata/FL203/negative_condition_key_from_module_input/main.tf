# The provider is looked up, not created here: its ARN, and the key the
# caller builds from it, are known only at apply.
data "aws_iam_openid_connect_provider" "eks" {
  url = "https://oidc.eks.eu-north-1.amazonaws.com/id/C222C222C222C222C222C222C222C222"
}

module "indexer_role" {
  source            = "./modules/irsa"
  oidc_provider_arn = data.aws_iam_openid_connect_provider.eks.arn
  sub_condition_key = "${trimprefix(data.aws_iam_openid_connect_provider.eks.arn, "arn:aws:iam::")}"
}
