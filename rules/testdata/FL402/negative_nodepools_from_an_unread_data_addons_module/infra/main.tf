module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.33.1"

  cluster_name    = "lakehouse"
  cluster_version = "1.31"
  vpc_id          = "vpc-0d1e2f3a4b5c60718"
  subnet_ids      = ["subnet-0d1e2f3a4b5c60701", "subnet-0d1e2f3a4b5c60702"]

  eks_managed_node_groups = {
    core = {
      instance_types = ["m6i.large"]
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
  version    = "1.1.1"
}

resource "kubectl_manifest" "default_pool" {
  yaml_body = <<-YAML
    apiVersion: karpenter.sh/v1
    kind: NodePool
    metadata:
      name: default
    spec:
      template:
        metadata:
          labels:
            workload: general
        spec:
          nodeClassRef:
            group: karpenter.k8s.aws
            kind: EC2NodeClass
            name: default
          requirements:
            - key: karpenter.sh/capacity-type
              operator: In
              values: ["on-demand"]
  YAML
}

# The Spark pools come from the data add-ons module's karpenter resources,
# whose code faultline does not read.
module "data_addons" {
  source  = "aws-ia/eks-data-addons/aws"
  version = "1.37.1"

  oidc_provider_arn          = module.eks.oidc_provider_arn
  enable_karpenter_resources = true
  karpenter_resources_helm_config = {
    spark-memory = {
      values = [
        <<-EOT
        name: spark-memory
        clusterName: lakehouse
        nodePool:
          labels:
            - workload: spark-memory
        EOT
      ]
    }
  }
}
