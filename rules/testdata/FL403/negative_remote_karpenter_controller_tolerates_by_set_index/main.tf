# A tainted bootstrap node group keeps everything but Karpenter off it.
# The release gives the controller its toleration with set blocks that
# index the list (tolerations[0].key, …), as `helm --set` reads them: a
# list whose first element tolerates the taint, in place of the chart's
# default list.
resource "aws_eks_cluster" "ledger" {
  name     = "ledger"
  role_arn = "arn:aws:iam::123456789012:role/ledger-cluster"

  vpc_config {
    subnet_ids = ["subnet-0b1", "subnet-0b2"]
  }
}

resource "aws_eks_node_group" "bootstrap" {
  cluster_name    = aws_eks_cluster.ledger.name
  node_group_name = "bootstrap"
  node_role_arn   = "arn:aws:iam::123456789012:role/ledger-nodes"
  subnet_ids      = ["subnet-0b1", "subnet-0b2"]
  instance_types  = ["t3.large"]

  taint {
    key    = "node-role.example.com/bootstrap"
    value  = "true"
    effect = "NO_SCHEDULE"
  }

  scaling_config {
    min_size     = 1
    max_size     = 2
    desired_size = 1
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.1.1"

  values = [yamlencode({
    settings = {
      clusterName = aws_eks_cluster.ledger.name
    }
  })]

  set {
    name  = "tolerations[0].key"
    value = "node-role.example.com/bootstrap"
  }

  set {
    name  = "tolerations[0].operator"
    value = "Exists"
  }

  set {
    name  = "tolerations[0].effect"
    value = "NoSchedule"
  }
}
