# The NodePools are applied in a second run, once the cluster answers:
# the flag is off by default, so the configuration read makes none.
variable "apply_node_pools" {
  type    = bool
  default = false
}

resource "aws_eks_cluster" "main" {
  name     = "prism"
  role_arn = "arn:aws:iam::299792458000:role/prism-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.6.3"
  values     = [yamlencode({ settings = { clusterName = aws_eks_cluster.main.name } })]
}

resource "kubernetes_manifest" "general_pool" {
  count = var.apply_node_pools ? 1 : 0
  manifest = {
    apiVersion = "karpenter.sh/v1"
    kind       = "NodePool"
    metadata   = { name = "general" }
    spec = {
      template = {
        spec = {
          nodeClassRef = { group = "karpenter.k8s.aws", kind = "EC2NodeClass", name = "general" }
          requirements = [{ key = "kubernetes.io/arch", operator = "In", values = ["amd64"] }]
        }
      }
    }
  }
}

# The system group runs Karpenter's controller.
resource "aws_eks_node_group" "system" {
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "system"
  node_role_arn   = "arn:aws:iam::299792458000:role/prism-system-nodes"
  subnet_ids      = ["subnet-0a1a2a3a4a5a6a7a8", "subnet-0b1b2b3b4b5b6b7b8"]
  instance_types  = ["m7i.large"]
  scaling_config {
    desired_size = 2
    min_size     = 2
    max_size     = 3
  }
}
