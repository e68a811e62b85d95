replicas: 2
nodeSelector:
  pool: ${pool}
