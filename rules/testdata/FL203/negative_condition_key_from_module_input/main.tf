resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.eu-north-1.amazonaws.com/id/C222C222C222C222C222C222C222C222"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

module "indexer_role" {
  source            = "./modules/irsa"
  oidc_provider_arn = aws_iam_openid_connect_provider.cluster.arn
  sub_condition_key = format("%s:sub", element(split("oidc-provider/", aws_iam_openid_connect_provider.cluster.arn), 1))
}
