# The release was written for both Karpenter chart layouts: the key 0.16
# reads and the aws block of the later charts, with one value. The aws
# block is only redundant at 0.16.3: nothing is lost.
resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "karpenter"
  repository = "https://charts.karpenter.sh"
  chart      = "karpenter"
  version    = "0.16.3"

  values = [yamlencode({
    clusterName     = "quarry"
    clusterEndpoint = aws_eks_cluster.quarry.endpoint
    aws = {
      clusterEndpoint = aws_eks_cluster.quarry.endpoint # want FL502:notice `helm_release.karpenter sets value aws.clusterEndpoint, which chart karpenter 0.16.3 never reads`
    }
  })]
}

resource "aws_eks_cluster" "quarry" {
  name     = "quarry"
  role_arn = "arn:aws:iam::112358132134:role/quarry-cluster"
  vpc_config {
    subnet_ids = ["subnet-0d1e2f3a4b5c6d7e8", "subnet-0e2f3a4b5c6d7e8f9"]
  }
}
