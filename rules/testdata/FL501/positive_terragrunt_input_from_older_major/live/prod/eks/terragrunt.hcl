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

  # Written for v19: v20 moved aws-auth into its own submodule.
  manage_aws_auth_configmap = true # want FL501 "passes input manage_aws_auth_configmap, which terraform-aws-modules/eks/aws at .* does not declare: Terragrunt passes inputs as TF_VAR_ environment variables, and Terraform ignores those a module does not declare"
}
