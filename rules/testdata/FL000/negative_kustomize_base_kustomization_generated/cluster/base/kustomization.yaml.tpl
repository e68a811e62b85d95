namespace: platform-${CLUSTER_NAME}
resources:
  - namespace.yaml
