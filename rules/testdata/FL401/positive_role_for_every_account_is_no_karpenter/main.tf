resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

# A role every service account of the cluster may assume is no sign of
# Karpenter: the node group is the cluster's whole capacity.
resource "aws_iam_role" "any_pod" {
  name = "shop-any-pod"
  assume_role_policy = jsonencode({ # want FL203 `lets service accounts of any namespace assume it`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/3C2B1A09F8E7D6C5B4A3928170F6E5D4" }
      Condition = {
        StringLike = {
          "oidc.eks.eu-west-1.amazonaws.com/id/3C2B1A09F8E7D6C5B4A3928170F6E5D4:sub" = "system:serviceaccount:*:*"
        }
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/3C2B1A09F8E7D6C5B4A3928170F6E5D4:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.shop.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::111122223333:role/shop-nodes"
  subnet_ids      = ["subnet-0aa", "subnet-0bb"]
  instance_types  = ["t3.medium"]

  scaling_config {
    min_size     = 2
    max_size     = 3
    desired_size = 2
  }
}
