include "root" {
  path = find_in_parent_folders("root.hcl")
}

terraform {
  source = "tfr:///terraform-aws-modules/eks/aws?version=20.8.4"
}

inputs = {
  cluster_name    = "prod"
  cluster_version = "1.30"
  vpc_id          = "vpc-0a1b2c3d"
  subnet_ids      = ["subnet-0a1b2c3d", "subnet-1a2b3c4d"]

  # Declared by the file the root configuration generates into the
  # module's working copy, where the provider block reads it.
  region          = "eu-central-1"
}
