module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "21.3.0"

  name               = "heron"
  kubernetes_version = "1.33"
  vpc_id             = "vpc-0d1c2b3a4f5e60718"
  subnet_ids         = ["subnet-0d1c2b3a4f5e60718", "subnet-0e2d3c4b5a6f70819"]

  # The groups set different attributes: the module's variable is a map
  # of objects with optional attributes, so both groups are certain.
  eks_managed_node_groups = {
    base = {
      instance_types = ["c7i.large"]
      min_size       = 2
      max_size       = 3
      desired_size   = 2
    }
    batch = {
      instance_types = ["c7i.xlarge"]
      min_size       = 0
      max_size       = 5
      desired_size   = 0
      taints = {
        batch = { key = "batch", value = "true", effect = "NO_SCHEDULE" }
      }
    }
  }
}

resource "kubectl_manifest" "spot" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: spot
    spec:
      role: ${module.eks.eks_managed_node_groups["base"].iam_role_name}
      amiSelectorTerms:
        - alias: al2023@latest
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: heron
      securityGroupSelectorTerms:
        - tags:
            karpenter.sh/discovery: heron
  YAML
}
