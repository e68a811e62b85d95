apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: ingest
spec:
  template:
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: ${NODE_CLASS}
