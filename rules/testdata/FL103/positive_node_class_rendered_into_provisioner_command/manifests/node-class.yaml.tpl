apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: general
spec:
  role: osprey-karpenter-nodes
  amiSelectorTerms:
    - alias: al2023@latest
  subnetSelectorTerms:
    - tags:
        karpenter.sh/discovery: osprey
  securityGroupSelectorTerms:
    - id: ${cluster_sg} # want FL103:notice `cluster security group of aws_eks_cluster.osprey is selected by Karpenter EC2NodeClass general and also attached to managed node group aws_eks_node_group.bootstrap`
