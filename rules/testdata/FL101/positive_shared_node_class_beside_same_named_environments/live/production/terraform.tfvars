cluster_name = "harbor"
