# The node group keeps the module's own groups; Karpenter's nodes get a
# group of their own, selected by its ID, which names that group and none
# of the node group's (whose IDs are only known after apply).
module "cluster" {
  source  = "terraform-aws-modules/eks/aws"
  version = "20.34.0"

  cluster_name    = "tern"
  cluster_version = "1.30"
  vpc_id          = "vpc-0ab12cd34ef56ab78"
  subnet_ids      = ["subnet-0ab12cd34ef56ab79", "subnet-0ab12cd34ef56ab7a"]

  eks_managed_node_groups = {
    base = {
      instance_types = ["m7i.large"]
      min_size       = 2
      max_size       = 2
      desired_size   = 2
    }
  }
}

resource "aws_security_group" "karpenter" {
  name_prefix = "tern-karpenter-"
  vpc_id      = "vpc-0ab12cd34ef56ab78"
}

resource "kubectl_manifest" "default_class" {
  yaml_body = <<-YAML
    apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata:
      name: default
    spec:
      role: KarpenterNodeRole-tern
      amiSelectorTerms:
        - alias: bottlerocket@latest
      subnetSelectorTerms:
        - tags:
            karpenter.sh/discovery: tern
      securityGroupSelectorTerms:
        - id: ${aws_security_group.karpenter.id}
  YAML
}
