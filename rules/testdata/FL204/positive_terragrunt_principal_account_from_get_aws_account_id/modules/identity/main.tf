variable "issuer_url" {
  type = string
}

resource "aws_iam_openid_connect_provider" "cluster" {
  url             = var.issuer_url
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

output "issuer" {
  value = trimprefix(aws_iam_openid_connect_provider.cluster.url, "https://")
}
