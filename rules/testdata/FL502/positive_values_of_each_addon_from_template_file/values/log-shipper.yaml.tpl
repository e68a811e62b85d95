nodeSelector:
  pool: ${pool}
