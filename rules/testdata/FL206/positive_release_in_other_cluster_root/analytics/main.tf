# Another cluster, another root: what it installs in kube-system is not in
# the search cluster.
resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = "arn:aws:iam::111122223333:role/analytics-cluster"
  vpc_config {
    subnet_ids = ["subnet-0f1", "subnet-0f2"]
  }
}

resource "helm_release" "metrics_server" {
  name       = "metrics-server"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/metrics-server/"
  chart      = "metrics-server"
  version    = "3.12.2"
}
