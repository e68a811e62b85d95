include "root" {
  path = find_in_parent_folders()
}

terraform {
  source = "tfr:///terraform-aws-modules/eks/aws?version=19.21.0"
}

inputs = {
  cluster_name    = "checkout"
  cluster_version = "1.29"
  subnet_ids      = ["subnet-0a1b2c3d4e5f60718", "subnet-0f1e2d3c4b5a69788"]
  vpc_id          = "vpc-0a1b2c3d4e5f60718"
}
