settings:
  clusterName: ${cluster_name}
nodeClass:
  securityGroupSelectorTerms:
    - tags:
        aws:eks:cluster-name: ${cluster_name}
