variable "region_name" {
  type = string
}

# The role that syncs the region's repositories; the cluster module only
# tags resources with its name.
variable "sync_role" {
  type = any
}

resource "aws_eks_cluster" "this" {
  name     = "apps-${var.region_name}"
  role_arn = "arn:aws:iam::909090909090:role/apps-cluster"

  vpc_config {
    subnet_ids = ["subnet-0s1", "subnet-0s2"]
  }

  tags = {
    SyncRole = var.sync_role.name
  }
}

resource "aws_iam_openid_connect_provider" "this" {
  url             = aws_eks_cluster.this.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da0afd40f94"]
}

output "oidc_provider" {
  value = aws_iam_openid_connect_provider.this
}
