module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.31.0"

  cluster_name    = "orbit"
  cluster_version = "1.31"
  vpc_id          = "vpc-0aa11bb22cc33dd44"
  subnet_ids      = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]

  # The system group sets no labels: the module passes null on, and its
  # nodes carry only the labels EKS gives every node.
  eks_managed_node_groups = {
    system = {
      instance_types = ["m7i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.2.1"

  # Meant for nodes labelled for the controller; the system group is not.
  values = [yamlencode({
    settings = { clusterName = module.eks.cluster_name }
    nodeSelector = {
      "karpenter.sh/controller" = "true" # want FL402 `the Karpenter controller has nowhere to run`
    }
  })]
}
