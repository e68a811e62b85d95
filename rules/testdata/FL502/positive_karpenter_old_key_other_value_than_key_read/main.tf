# The aws block of the later charts holds the private endpoint, the key
# 0.16 reads the public one: the chart runs with the public endpoint,
# whatever the aws block says.
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
      clusterEndpoint = "https://quarry.internal.example.com" # want FL502 `helm_release.karpenter sets value aws.clusterEndpoint, which chart karpenter 0.16.3 never reads`
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
