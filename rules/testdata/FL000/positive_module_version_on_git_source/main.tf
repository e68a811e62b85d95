# A git source pins its code with ?ref=; a version argument is for
# registry modules only, and terraform init refuses it here.
module "eks" {
  source  = "git::https://github.com/terraform-aws-modules/terraform-aws-eks.git?ref=v20.24.0"
  version = "20.24.0" # want FL000 "Invalid version constraint: Cannot apply a version constraint to module \"eks\" because it has a non Registry URL\\."

  cluster_name    = "atlas"
  cluster_version = "1.30"
}

module "tags" {
  source  = "./modules/tags"
  version = "1.0.0" # want FL000 "Cannot apply a version constraint to module \"tags\" because it has a relative local path\\."

  team = "platform"
}
