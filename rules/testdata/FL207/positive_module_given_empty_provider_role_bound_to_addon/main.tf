# The production stack's pipeline passes the cluster's provider ARN to the
# add-on roles module; it was left empty here, so the VPC CNI add-on's role
# trusts no issuer and its condition keys (":sub", ":aud") name none.
resource "aws_eks_cluster" "main" {
  name     = "tidal"
  role_arn = "arn:aws:iam::135792468024:role/tidal-cluster"
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b60718", "subnet-0d2e3f4a5b6c70819"]
  }
}

module "addon_roles" {
  source = "./modules/addon-roles"

  cluster_name      = aws_eks_cluster.main.name
  oidc_provider_arn = ""
}
