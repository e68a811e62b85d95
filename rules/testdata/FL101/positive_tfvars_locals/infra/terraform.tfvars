cluster_name = "payments"
environment  = "prod"
