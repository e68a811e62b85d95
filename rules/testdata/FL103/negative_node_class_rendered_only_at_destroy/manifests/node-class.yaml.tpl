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
    - id: ${cluster_sg}
