environment        = "production"
cluster_name       = "prod"
kubernetes_version = "1.30"

vpc_id = "vpc-0a1b2c3d4e5f60718"
private_subnet_ids = [
  "subnet-0a11b22c33d44e556",
  "subnet-0b22c33d44e55f667",
  "subnet-0c33d44e55f66a778",
]

ci_runner_ami_id = "ami-0f3e9c7b5a1d24680"
