apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: burst
spec:
  amiSelectorTerms:
    - alias: al2023@latest
  role: prod-karpenter-nodes
  subnetSelectorTerms:
    - tags:
        karpenter.sh/discovery: ${cluster_name}
  securityGroupSelectorTerms:
    - tags:
        aws:eks:cluster-name: ${cluster_name} # want FL103:notice "cluster security group of aws_eks_cluster.prod is selected by Karpenter EC2NodeClass burst and also attached to managed node group aws_eks_node_group.system"
