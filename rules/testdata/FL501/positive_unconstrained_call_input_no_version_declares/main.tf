# The registry's repository was meant to come from the ECR module, but
# the source was copied from the cluster's call: no release of the eks
# module declares repository_name, so whichever one terraform init
# installs (no version is written) refuses the call.
module "registry" {
  source = "terraform-aws-modules/eks/aws"

  repository_name = "orders-api" # want FL501:warning "module.registry passes input repository_name, which terraform-aws-modules/eks/aws at every version \\(each of its built-in models; no version constraint is written\\) does not declare: Terraform rejects the call"
}
